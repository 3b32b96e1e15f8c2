/**
 * The `integration` step (issue 36): an identity whose e-mail or phone belongs to an existing account is
 * linked to it only once that account is proven — by its password (counted by the login throttle as a
 * password sign-in is) or by a code of section `social_login` to the contact that matched. Until then
 * it is a pending link: a token stored as its hash, bound to the browser, single use, short-lived, with
 * a few proofs allowed. Linking on a matching address alone would let whoever holds that address at a
 * provider (or an unverified claim to it) take the account over.
 */
import { SOCIAL_PENDING_LINK_MAX_ATTEMPTS, SOCIAL_PENDING_LINK_TTL_SECONDS } from '../../config/policy.js';
import type { SocialIntegration, TokenResponse } from '../../contract/social.js';
import type { CodeSent } from '../../contract/verification.js';
import { badRequest } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { maskContact, type Contact } from '../../lib/contacts.js';
import type { Locale } from '../../lib/locales.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { randomId, randomSecret, sha256 } from '../../lib/secrets.js';
import type { User } from '../../storage/records.js';
import type { PendingLink, Storage } from '../../storage/storage.js';
import { recordFailure } from '../audit-log.js';
import { accountThrottleKey, type LoginThrottle } from '../login-throttle.js';
import type { OtpService } from '../otp-service.js';
import type { SessionService } from '../session-service.js';
import { tokenResponse } from '../token-response.js';
import type { SocialIdentity } from './provider-client.js';
import { assertOneIdMatches, linkIdentity, startSignIn } from './social-accounts.js';
import { isBindingValue } from './social-flows.js';

export interface IntegrationDeps {
  storage: Storage;
  clock: Clock;
  sessions: SessionService;
  otp: OtpService;
  throttle: LoginThrottle;
}

export interface Integration {
  /** Opens a pending link for the identity and the account it matched; what the SPA's step shows. */
  open(pending: {
    identity: SocialIdentity;
    match: { user: User; contact: Contact };
    binding: string | undefined;
    at: number;
  }): Promise<SocialIntegration>;
  /** POST /SocialAuth/Integration/code/: a `social_login` code to the matched contact. */
  sendIntegrationCode(call: {
    token: string;
    binding: string | undefined;
    method: 'sms' | 'call';
    ip: string;
    locale: Locale;
  }): Promise<CodeSent>;
  /** POST /SocialAuth/Integration/: the proof; links the identity and signs the account in. */
  proveIntegration(call: {
    token: string;
    binding: string | undefined;
    proof: { password: string } | { code: string };
    save: boolean;
    meta: RequestMeta;
  }): Promise<TokenResponse>;
}

const contactOf = (link: PendingLink): Contact => ({ type: link.contactType, value: link.contact });

export function createIntegration({ storage, clock, sessions, otp, throttle }: IntegrationDeps): Integration {
  /** The live pending link `token` names, of this browser; `social_state_mismatch` otherwise. */
  async function pendingLink(token: string, binding: string | undefined): Promise<PendingLink> {
    if (!isBindingValue(binding) || token.length === 0 || token.length > 128) throw badRequest('social_state_mismatch');
    const link = await storage.pendingLinks.find(sha256(token), sha256(binding), clock.now());
    if (!link) throw badRequest('social_state_mismatch');
    return link;
  }

  return {
    async open({ identity, match, binding, at }) {
      // OneID against an account its record contradicts: refused now, not after a proof.
      assertOneIdMatches(match.user, identity);
      // takeFlow checked the binding: a flow was taken only with a well-formed one.
      if (!isBindingValue(binding)) throw badRequest('social_state_mismatch');
      const token = randomSecret();
      await storage.pendingLinks.insert({
        id: randomId(),
        tokenHash: sha256(token),
        bindingHash: sha256(binding),
        identity: JSON.stringify(identity),
        provider: identity.provider,
        userId: match.user.id,
        contactType: match.contact.type,
        contact: match.contact.value,
        attempts: 0,
        createdAt: at,
        expiresAt: at + SOCIAL_PENDING_LINK_TTL_SECONDS * 1000,
        usedAt: null,
      });
      return {
        integration: {
          token,
          provider: identity.provider,
          contact: maskContact(match.contact),
          contact_type: match.contact.type,
          has_password: match.user.passwordHash !== null,
        },
      };
    },

    async sendIntegrationCode({ token, binding, method, ip, locale }) {
      const link = await pendingLink(token, binding);
      const contact = contactOf(link);
      const channel = contact.type === 'email' ? 'email' : method;
      const sent = await otp.send({ purpose: 'social_login', contact, channel, ip, locale });
      return {
        message:
          channel === 'email' ? 'code_send_to_email' : channel === 'call' ? 'call_send_to_phone' : 'code_send_to_phone',
        to: sent.to,
        expires_in: sent.expiresInSeconds,
        resend_in: sent.resendInSeconds,
      };
    },

    async proveIntegration({ token, binding, proof, save, meta }) {
      const link = await pendingLink(token, binding);
      if (!(await storage.pendingLinks.takeAttempt(link.id, SOCIAL_PENDING_LINK_MAX_ATTEMPTS)))
        throw badRequest('social_state_mismatch');
      const user = await storage.users.findById(link.userId);
      if (!user) throw badRequest('social_state_mismatch');
      const contact = contactOf(link);
      if ('password' in proof) {
        // As a password sign-in: counted at the contact's key and the address before the slow hash.
        const hash = user.passwordHash;
        const ok = await throttle.attempt(
          accountThrottleKey(contact),
          meta.ip,
          async () => hash !== null && verifyPassword(hash, proof.password),
          async ({ accountLocked }) => {
            const entry = { userId: user.id, sessionId: null, meta, at: clock.now() };
            await recordFailure(storage, { ...entry, type: 'password_failed', details: { where: 'social_link' } });
            if (accountLocked) await recordFailure(storage, { ...entry, type: 'password_locked' });
          },
        );
        if (!ok) throw badRequest('invalid_credentials');
      } else {
        await otp.consume('social_login', contact, proof.code);
      }
      const identity = JSON.parse(link.identity) as SocialIdentity;
      const now = clock.now();
      const started = await storage.transaction(async (tx) => {
        if (!(await tx.pendingLinks.markUsed(link.id, now))) throw badRequest('social_state_mismatch');
        await linkIdentity(tx, user, identity, { meta, at: now, sessionId: null });
        return startSignIn(tx, sessions, user, meta, save, identity.provider, now);
      });
      const fresh = (await storage.users.findById(user.id)) ?? user;
      return tokenResponse(fresh, started, await sessions.accessToken(started.session));
    },
  };
}
