/**
 * The preamble every test file of the OAuth provider shared when they were split: a test server, the
 * partner clients registered and a new account signed in to the SPA before each test; and the readings
 * of an answer those files make (an RFC 6749 §5.2 error, the redirect of an authorization answer).
 */
import { beforeEach, expect } from 'vitest';
import { oauthSteps } from './oauth.js';
import { useTestServer, type CallResult } from './test-server.js';

export type SignedIn = Awaited<ReturnType<ReturnType<typeof oauthSteps>['signIn']>>;

/**
 * `spa` is the SPA's sign-in of the current test (its access and refresh tokens, user and session ids),
 * filled anew before each test; `codeRows` the authorization codes the server keeps.
 */
export function useOAuthTests(options: Parameters<typeof useTestServer>[0] = {}) {
  const server = useTestServer(options);
  const oauth = oauthSteps(server);
  const spa = {} as SignedIn;
  beforeEach(async () => {
    await oauth.registerClients();
    Object.assign(spa, await oauth.signIn());
  });
  const codeRows = () => server.db.selectFrom('authorization_codes').selectAll().execute();
  return { server, oauth, spa, codeRows };
}

/** The RFC 6749 §5.2 error of an answer: status and `error`, with a description for developers. */
export function oauthError(answer: CallResult): [number, string] {
  expect(answer.json?.error_description, answer.text).toEqual(expect.any(String));
  return [answer.status, answer.json.error as string];
}

export const INVALID_GRANT: [number, string] = [400, 'invalid_grant'];

/** HTTP Basic client authentication (RFC 6749 §2.3.1): id and secret form-encoded first. */
export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** The redirect URI an authorization answer carries (it must carry one, and nothing else). */
export function redirectOf(answer: CallResult): URL {
  expect(answer.status, answer.text).toBe(200);
  expect(Object.keys(answer.json as object)).toEqual(['redirect_uri']);
  return new URL(answer.json.redirect_uri as string);
}

/** The authorization error an answer redirects with. */
export function errorOf(answer: CallResult): string | null {
  return redirectOf(answer).searchParams.get('error');
}
