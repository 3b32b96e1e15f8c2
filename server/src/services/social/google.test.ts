/** Kirish's Google client against the stand-in, over HTTP (docs/social-sign-in.md, Google). */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../lib/clock.js';
import { expectNoSecretIn, flowSecrets, refusal, useProviderClients } from '../../test-support/provider-clients.js';
import { answerOf, consent, OTHER_APP, useStandin } from '../../test-support/standin.js';

const standin = useStandin();
const kirish = useProviderClients(standin);
const google = () => kirish.client('google');
/** Kirish's clock two hours ahead of Google's: a token Google still answers for has expired for Kirish. */
const ahead: Clock = { now: () => standin.clock.now() + 2 * 3600 * 1000 };
const kirishAhead = useProviderClients(standin, { clock: ahead });
/** Userinfo answering about someone else than the token's subject. */
const otherUserinfo = useProviderClients(standin, {
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).includes('/v1/userinfo')) return response;
    return Response.json({ ...((await response.json()) as object), sub: '100000000000000000001' });
  },
});

/** The person signs in at the stand-in; the callback's fragment carries the access token. */
async function accessToken(authorizeUrl: string, fields: Record<string, string> = {}): Promise<string> {
  const answer = answerOf(await consent(standin.origin(), 'google', authorizeUrl, fields), 'fragment');
  return answer.get('access_token') ?? '';
}

describe("Kirish's Google client", () => {
  it("reads the person of a token issued to Kirish: tokeninfo's audience first, then userinfo", async () => {
    const flow = flowSecrets();
    const token = await accessToken(google().authorizationUrl(flow));
    const person = await google().identify({ kind: 'access_token', accessToken: token }, flow);
    expect(person).toMatchObject({
      provider: 'google',
      email: 'dilnoza@example.com',
      emailVerified: true,
      firstName: 'Dilnoza',
      lastName: 'Yusupova',
      display: 'dilnoza@example.com',
      phone: null,
      pinfl: null,
    });
    expect(person.subject).toMatch(/^\d{21}$/);
    // The same identity again is the same subject.
    const again = await accessToken(google().authorizationUrl(flow));
    expect((await google().identify({ kind: 'access_token', accessToken: again }, flow)).subject).toBe(person.subject);
  });

  it('keeps an e-mail Google did not verify as not verified, in lower case', async () => {
    const flow = flowSecrets();
    const token = await accessToken(google().authorizationUrl(flow), {
      identity: 'typed',
      first_name: 'Olim',
      email: 'Olim@Example.com',
    });
    const person = await google().identify({ kind: 'access_token', accessToken: token }, flow);
    expect(person).toMatchObject({ email: 'olim@example.com', emailVerified: false });
  });

  it('refuses a token Google issued to another app (token substitution)', async () => {
    const stolen = await accessToken(
      `${standin.origin()}/google/o/oauth2/v2/auth?${new URLSearchParams({
        response_type: 'token',
        client_id: 'other-google',
        redirect_uri: `${OTHER_APP}/callback`,
        scope: 'openid email profile',
        state: 's',
      })}`,
    );
    expect(await refusal(google().identify({ kind: 'access_token', accessToken: stolen }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expect(kirish.lines.at(-1)?.fields).toMatchObject({ provider: 'google', endpoint: 'tokeninfo' });
    expectNoSecretIn(kirish.lines, [stolen]);
  });

  it("refuses a token whose tokeninfo exp has passed by Kirish's clock", async () => {
    const token = await accessToken(google().authorizationUrl(flowSecrets()));
    expect(
      await refusal(kirishAhead.client('google').identify({ kind: 'access_token', accessToken: token }, flowSecrets())),
    ).toBe('400 social_token_invalid');
    expect(kirishAhead.lines.at(-1)?.fields).toMatchObject({ endpoint: 'tokeninfo', reason: 'expired' });
  });

  it("refuses a userinfo answer about another subject than tokeninfo's (OpenID Connect Core §5.3.2)", async () => {
    const token = await accessToken(google().authorizationUrl(flowSecrets()));
    expect(
      await refusal(
        otherUserinfo.client('google').identify({ kind: 'access_token', accessToken: token }, flowSecrets()),
      ),
    ).toBe('400 social_token_invalid');
    expect(otherUserinfo.lines.at(-1)?.fields).toMatchObject({ endpoint: 'userinfo', reason: 'another sub' });
  });

  it('refuses an expired or unknown token', async () => {
    const token = await accessToken(google().authorizationUrl(flowSecrets()));
    standin.clock.advanceSeconds(3600);
    expect(await refusal(google().identify({ kind: 'access_token', accessToken: token }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expect(await refusal(google().identify({ kind: 'access_token', accessToken: 'ya29.made-up' }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expectNoSecretIn(kirish.lines, [token, 'ya29.made-up']);
  });
});
