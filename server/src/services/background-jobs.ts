/**
 * The background jobs of a Kirish instance, each run once per its interval across all instances
 * (services/job-runner.ts): erasing deactivated accounts past their grace period, rotating the
 * signing keys, and dropping ended rate-limit windows, sign-in throttle keys that count nothing, and
 * spent one-time codes, request ids and step-up proofs.
 */
import {
  ERASE_JOB_INTERVAL_SECONDS,
  LOGIN_THROTTLE_SWEEP_INTERVAL_SECONDS,
  RATE_WINDOW_SWEEP_INTERVAL_SECONDS,
  SIGNING_KEY_JOB_INTERVAL_SECONDS,
  SPENT_CODE_SWEEP_INTERVAL_SECONDS,
} from '../config/policy.js';
import type { Clock } from '../lib/clock.js';
import type { KeyCipher } from '../lib/key-encryption.js';
import type { Storage } from '../storage/storage.js';
import { eraseDueAccounts, type PhotoRemover } from './erase-job.js';
import type { Job } from './job-runner.js';
import { rotateSigningKeys } from './key-rotation.js';
import { sweepLoginThrottle } from './login-throttle.js';
import { sweepRateWindows } from './rate-limiter.js';
import { sweepSpentCodes } from './spent-codes.js';

export interface BackgroundJobDeps {
  storage: Storage;
  clock: Clock;
  cipher: KeyCipher;
  photos: PhotoRemover;
  /** Says what a run did, when it did something. */
  report: (message: string) => void;
}

export function backgroundJobs({ storage, clock, cipher, photos, report }: BackgroundJobDeps): Job[] {
  return [
    {
      name: 'erase_deactivated_accounts',
      intervalSeconds: ERASE_JOB_INTERVAL_SECONDS,
      async run() {
        const erased = await eraseDueAccounts(storage, clock, photos);
        if (erased > 0) report(`Erased ${erased} deactivated account(s) past their grace period`);
      },
    },
    {
      name: 'rotate_signing_keys',
      intervalSeconds: SIGNING_KEY_JOB_INTERVAL_SECONDS,
      async run() {
        const { created, retired, removed } = await rotateSigningKeys(storage, clock, cipher);
        if (created.length + retired.length + removed > 0) {
          report(
            `Signing keys: ${created.length} created (published, signing later), ${retired.length} retired, ${removed} removed`,
          );
        }
      },
    },
    {
      name: 'sweep_rate_windows',
      intervalSeconds: RATE_WINDOW_SWEEP_INTERVAL_SECONDS,
      async run() {
        await sweepRateWindows(storage, clock);
      },
    },
    {
      name: 'sweep_login_throttle',
      intervalSeconds: LOGIN_THROTTLE_SWEEP_INTERVAL_SECONDS,
      async run() {
        await sweepLoginThrottle(storage, clock);
      },
    },
    {
      name: 'sweep_spent_codes',
      intervalSeconds: SPENT_CODE_SWEEP_INTERVAL_SECONDS,
      async run() {
        await sweepSpentCodes(storage, clock);
      },
    },
  ];
}
