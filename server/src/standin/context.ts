/** What every provider's routes share: the options, the one memory of codes and tokens, and small helpers. */
import type { Clock } from '../lib/clock.js';
import type { Grants } from './grants.js';
import type { StandinClients } from './options.js';

export interface StandinContext {
  origin: string;
  clock: Clock;
  clients: StandinClients;
  grants: Grants;
  /** The picture every profile points at. */
  pictureUrl: string;
  /** Whole seconds from now until `epochMs` (an `expires_in`). */
  secondsLeft(epochMs: number): number;
}
