/**
 * The sign-in binding cookie over a real socket (issue 41, middleware/sign-in-binding.ts): the exact
 * `Set-Cookie` line @hono/node-server writes (`__Host-`, Secure, Path=/, HttpOnly, SameSite=None,
 * Partitioned, its lifetime), that line sent back finishing the passkey sign-in it began, and a
 * challenge answered from another browser (another cookie, or none) refused.
 */
import { describe, expect, it } from 'vitest';
import { SIGN_IN_BINDING_MAX_AGE_SECONDS } from '../../config/policy.js';
import { useHttpServer } from '../../test-support/http-server.js';
import { passkeySteps } from '../../test-support/passkeys.js';
import { softwareAuthenticator } from '../../test-support/software-authenticator.js';

const PHONE = '+998901234573';
const live = useHttpServer();

/** A browser over HTTP: the cookie it was sent, as it sends it back (`name=value`). */
async function post(path: string, cookie: string, body?: unknown) {
  return fetch(`${live.origin}/sso/api/v1${path}`, {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function askOptions(cookie = '') {
  const answer = await post('/login/passkey/options/', cookie);
  expect(answer.status).toBe(200);
  const line = answer.headers.getSetCookie().find((set) => set.startsWith('__Host-kirish_sign_in=')) ?? '';
  return { line, cookie: line.split(';')[0] ?? '', options: (await answer.json()) as { challenge: string } };
}

describe('the sign-in binding cookie over HTTP', () => {
  it('is set as a partitioned __Host- cookie, sent back finishes the sign-in, and another browser’s is refused', async () => {
    const tokens = await live.server.registerByPhone(PHONE);
    const authenticator = softwareAuthenticator(live.origin);
    const { answer } = await passkeySteps(live.server).register(tokens.access, undefined, authenticator);
    expect(answer.status).toBe(200);

    const asking = await askOptions();
    expect(asking.line).toMatch(
      new RegExp(
        `^__Host-kirish_sign_in=[A-Za-z0-9_-]{43}; Max-Age=${SIGN_IN_BINDING_MAX_AGE_SECONDS}; Path=/; HttpOnly; Secure; SameSite=None; Partitioned$`,
      ),
    );
    const credential = authenticator.assert(asking.options);

    // No cookie, then another browser's own: the challenge is not theirs.
    expect((await post('/login/passkey/', '', { credential })).status).toBe(400);
    const other = await askOptions();
    expect(other.cookie).not.toBe(asking.cookie);
    const elsewhere = await post('/login/passkey/', other.cookie, { credential });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { errors: { error: string }[] }).errors[0]?.error).toBe('passkey_not_valid');

    // Sent back as it was set, by the browser that asked: signed in.
    const signedIn = await post('/login/passkey/', asking.cookie, { credential });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user_uuid: string }).user_uuid).toBe(tokens.user_uuid);

    // The same browser asking again keeps its value (a new lifetime, not a new binding).
    expect((await askOptions(asking.cookie)).cookie).toBe(asking.cookie);
  });
});
