/**
 * A client's `acr_values` at the authorization endpoint (OpenID Connect Core §3.1.2.1, §5.5.1.1;
 * docs/partners.md "How the person signed in"). Kirish knows one value, services/amr.ts MFA_ACR: a
 * sign-in whose `amr` has `mfa` meets it, and the code's ID token then carries it as `acr`. Unknown
 * values are ignored: `acr` is a voluntary claim, and a request may go on without it.
 */
import { knownAcrValues, meetsAcr } from '../../services/amr.js';
import { twoStepEnabled } from '../../services/two-step.js';
import type { Session } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';

export type AcrRequirement =
  /** Nothing asked, or asked and met: the `acr` to give (null when none was asked for). */
  | { met: true; acr: string | null }
  /**
   * Asked and not met. `canMeet`: the account has a second factor (an authenticator app or a
   * passkey), so a fresh sign-in can meet it; otherwise the person must set one up first.
   */
  | { met: false; canMeet: boolean };

export async function acrRequirement(storage: Storage, acrValues: string, session: Session): Promise<AcrRequirement> {
  const asked = knownAcrValues(acrValues)[0];
  if (asked === undefined) return { met: true, acr: null };
  if (meetsAcr(session.amr)) return { met: true, acr: asked };
  const canMeet =
    (await twoStepEnabled(storage, session.userId)) || (await storage.passkeys.listForUser(session.userId)).length > 0;
  return { met: false, canMeet };
}
