/**
 * The chain with the real Eskiz and Play Mobile clients against their stand-in, over HTTP (issue 37's tests:
 * failover on a 5xx and on a timeout, a gateway skipped after repeated failures): what the chain's own test does
 * with fakes, here with the protocols' real answers — the stand-in's 500, its slow answer, its deliveries.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMS_GATEWAY_FAILURES_BEFORE_SKIP } from '../config/policy.js';
import { createManualClock } from '../lib/clock.js';
import { openSqliteFile } from '../storage/contract/databases.js';
import type { Storage } from '../storage/storage.js';
import { recordingFetch, SMS_STANDIN_ACCOUNTS, useSmsStandin } from '../test-support/sms-standin.js';
import { createEskizGateway } from './eskiz-gateway.js';
import { createPlaymobileGateway } from './playmobile-gateway.js';
import type { OutgoingMessage, Sender } from './sender.js';
import { createSmsGatewayChain } from './sms-gateway-chain.js';

const standin = useSmsStandin();
/** Shorter than the stand-in's slow answer (2 s in test-support/sms-standin.ts), long enough for a loaded machine. */
const CHAIN_TIMEOUT_MS = 1_000;

const message = (code: string): OutgoingMessage => ({
  channel: 'sms',
  to: '+998901234567',
  code,
  text: `Kirish: ${code}\n\n@localhost #${code}`,
  subject: 'code',
  purpose: 'login_sms_verification',
  codeId: `code-${code}`,
});

let storage: Storage;
let dispose: () => Promise<void>;
let chain: Sender;
let eskizCalls: string[];

beforeEach(async () => {
  ({ storage, dispose } = await openSqliteFile());
  const clock = createManualClock();
  const eskizFetch = recordingFetch();
  eskizCalls = eskizFetch.calls;
  const { eskiz, playmobile } = SMS_STANDIN_ACCOUNTS;
  chain = createSmsGatewayChain({
    gateways: [
      createEskizGateway(
        { baseUrl: `${standin.origin()}/eskiz`, email: eskiz.email, password: eskiz.password, from: eskiz.from },
        { fetch: eskizFetch.fetch, clock, timeoutMs: CHAIN_TIMEOUT_MS },
      ),
      createPlaymobileGateway(
        { baseUrl: `${standin.origin()}/playmobile`, ...playmobile },
        { timeoutMs: CHAIN_TIMEOUT_MS },
      ),
    ],
    storage,
    clock,
    callbackUrl: () => null,
    timeoutMs: CHAIN_TIMEOUT_MS,
  });
});
afterEach(() => dispose());

const deliveredBy = () => standin.delivered.map((delivery) => `${delivery.gateway} ${delivery.text.split('\n')[0]}`);
const eskizSends = () => eskizCalls.filter((call) => call.startsWith('POST /eskiz/api/message/sms/send')).length;

describe('the chain over the gateways’ real protocols', () => {
  it('sends through Eskiz while it takes messages', async () => {
    await chain.send(message('111111'));
    expect(deliveredBy()).toEqual(['eskiz Kirish: 111111']);
  });

  it('hands the message to Play Mobile at once when Eskiz answers 500', async () => {
    standin.running().setMode('eskiz', 'fail');
    await chain.send(message('222222'));
    expect(deliveredBy()).toEqual(['playmobile Kirish: 222222']);
    expect(eskizCalls).toContain('POST /eskiz/api/message/sms/send 500');
  });

  it('hands the message to Play Mobile when Eskiz does not answer in time', async () => {
    standin.running().setMode('eskiz', 'slow');
    const started = Date.now();
    await chain.send(message('333333'));
    // Play Mobile's delivery came before Eskiz's slow answer would have (2 s).
    expect(standin.delivered.map((delivery) => delivery.gateway)).toEqual(['playmobile']);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops asking Eskiz after repeated failures: the next message goes straight to Play Mobile', async () => {
    standin.running().setMode('eskiz', 'fail');
    for (let sent = 0; sent < SMS_GATEWAY_FAILURES_BEFORE_SKIP; sent += 1) await chain.send(message(`40000${sent}`));
    const asked = eskizSends();
    expect(asked).toBe(SMS_GATEWAY_FAILURES_BEFORE_SKIP);
    await chain.send(message('444444'));
    expect(eskizSends()).toBe(asked);
    expect(standin.delivered.at(-1)).toMatchObject({
      gateway: 'playmobile',
      text: expect.stringMatching(/^Kirish: 444444/),
    });
  });
});
