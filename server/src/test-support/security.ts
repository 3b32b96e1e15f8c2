/**
 * The security pages' steps for tests: codes sent and checked with a Bearer token, step-up proofs,
 * signing in again on another device. Everything goes through `app.request()`.
 */
import { beforeEach } from 'vitest';
import { STRONG_PASSWORD, V1, useTestServer, type CallResult, type TestServer } from './test-server.js';

export const PROFILE = `${V1}/user/MyProfile`;
export const SESSIONS = `${V1}/user/sessions/`;
export const EVENTS = `${V1}/user/security/events/`;
export const PROOF = `${V1}/user/security/proof/`;

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

export interface Tokens {
  access: string;
  refresh: string;
  user_uuid: string;
  session: string;
}

export function securitySteps(server: TestServer) {
  /** Sends a code of `type` with the token, reads it from the outbox and checks it with the token. */
  async function verifySignedIn(
    token: string,
    contact: { phone: string } | { email: string },
    type: string,
  ): Promise<string> {
    const isPhone = 'phone' in contact;
    const send = await server.post(
      `${V1}/auth/${isPhone ? 'SendAuthSmsVerification' : 'SendAuthEmailVerification'}/`,
      { type, ...contact },
      { token },
    );
    if (send.status !== 200) throw new Error(`send failed: ${send.status} ${send.text}`);
    const code = await server.lastCode(isPhone ? contact.phone : contact.email.trim().toLowerCase());
    const check = await server.post(
      `${V1}/auth/${isPhone ? 'CheckAuthSmsVerification' : 'CheckAuthEmailVerification'}/`,
      { type, ...contact, code },
      { token },
    );
    if (check.status !== 200) throw new Error(`check failed: ${check.status} ${check.text}`);
    return check.json.request_id as string;
  }

  /** Signs in with the password, as another device would. */
  async function signIn(phone: string, headers: Record<string, string> = {}, ip?: string): Promise<Tokens> {
    const answer = await server.post(
      `${V1}/login/LoginUser/`,
      { phone, password: STRONG_PASSWORD, save: true },
      { headers, ...(ip ? { ip } : {}) },
    );
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
    return answer.json as Tokens;
  }

  async function proofByPassword(token: string, password = STRONG_PASSWORD): Promise<string> {
    const answer = await server.post(PROOF, { password }, { token });
    if (answer.status !== 200) throw new Error(`proof failed: ${answer.status} ${answer.text}`);
    return answer.json.proof as string;
  }

  /** Whether the tokens still work: the access token on MyProfile, the refresh token on TokenRefresh. */
  async function works(tokens: Pick<Tokens, 'access' | 'refresh'>): Promise<{ access: number; refresh: number }> {
    const access = (await server.call('GET', PROFILE, { token: tokens.access })).status;
    const refresh = (await server.post(`${V1}/TokenRefresh/`, { refresh: tokens.refresh })).status;
    return { access, refresh };
  }

  async function events(token: string, query = ''): Promise<CallResult> {
    return server.call('GET', `${EVENTS}${query}`, { token });
  }

  return { verifySignedIn, signIn, proofByPassword, works, events };
}

/**
 * The preamble the security tests shared: a test server, its security steps, and before each test a new
 * account registered by `phone` (with `extra` fields of the registration) whose tokens are `tokens`.
 */
export function useSecurityTests(phone: string, extra: Record<string, unknown> = {}) {
  const server = useTestServer();
  const steps = securitySteps(server);
  const tokens = {} as Tokens;
  beforeEach(async () => {
    Object.assign(tokens, await server.registerByPhone(phone, extra));
  });
  return { server, steps, tokens };
}
