/**
 * Kirish's Apple client against the stand-in, over HTTP (docs/social-sign-in.md, Apple): the form_post
 * answer's code exchanged with the ES256 client secret Kirish signs, the ID token checked against the
 * stand-in's JWKS (OpenID Connect Core §3.1.3.7).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import type { LogFields } from '../../lib/json-log.js';
import { expectNoSecretIn, flowSecrets, refusal, useProviderClients } from '../../test-support/provider-clients.js';
import { consent, KIRISH, strangerKey, useStandin } from '../../test-support/standin.js';
import { createAppleClient } from './apple.js';

const standin = useStandin();
const kirish = useProviderClients(standin);
const apple = () => kirish.client('apple');

/** Rewrites the ID token of the token endpoint's answer, as a forger between Apple and Kirish would. */
function forging(rewrite: (idToken: string) => Promise<string>): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).endsWith('/apple/auth/token') || response.status !== 200) return response;
    const body = (await response.json()) as { id_token: string };
    return Response.json({ ...body, id_token: await rewrite(body.id_token) });
  };
}
/** The stand-in's claims signed by a key Apple never published, under the kid of Apple's key. */
const resigned = useProviderClients(standin, {
  fetch: forging((idToken) =>
    new SignJWT(decodeJwt(idToken))
      .setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(idToken).kid ?? '' })
      .sign(strangerKey.privateKey),
  ),
});
/** Apple's signature kept over claims that were changed (another person's subject). */
const altered = useProviderClients(standin, {
  fetch: forging(async (idToken) => {
    const [header, , signature] = idToken.split('.');
    const claims = { ...decodeJwt(idToken), sub: '000000.someone-else.0000' };
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  }),
});

/** The person consents; the stand-in's form_post page carries `code`, `state` and (the first time) `user`. */
async function answer(flow = flowSecrets(), fields: Record<string, string> = {}): Promise<Record<string, string>> {
  const page = await consent(standin.origin(), 'apple', apple().authorizationUrl(flow), fields);
  expect(page.status).toBe(200);
  const html = await page.text();
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      (m[2] ?? '').replaceAll('&#34;', '"').replaceAll('&quot;', '"').replaceAll('&#38;', '&').replaceAll('&amp;', '&'),
    ]),
  ) as Record<string, string>;
}

describe("Kirish's Apple client", () => {
  it('exchanges the code with its ES256 client secret and reads the person from the verified ID token', async () => {
    const flow = flowSecrets();
    const first = await answer(flow);
    expect(first.state).toBe(flow.state);
    const user = JSON.parse(first.user ?? '{}') as { name: { firstName: string; lastName: string } };
    const person = await apple().identify({ kind: 'code', code: first.code ?? '', appleUser: user.name }, flow);
    expect(person).toMatchObject({
      provider: 'apple',
      email: 'dilnoza@example.com',
      emailVerified: true,
      firstName: 'Dilnoza',
      lastName: 'Yusupova',
      display: 'dilnoza@example.com',
    });
    // The second time Apple sends no name; the subject is the same.
    const second = await answer(flow);
    expect(second.user).toBeUndefined();
    const again = await apple().identify({ kind: 'code', code: second.code ?? '' }, flow);
    expect(again).toMatchObject({ subject: person.subject, firstName: '', lastName: '' });
  });

  it("refuses an ID token issued for another flow's nonce", async () => {
    const { code } = await answer(flowSecrets('one'));
    expect(await refusal(apple().identify({ kind: 'code', code: code ?? '' }, flowSecrets('two')))).toBe(
      '400 social_token_invalid',
    );
    expect(kirish.lines.at(-1)?.fields).toMatchObject({ endpoint: 'id_token', reason: 'another nonce' });
  });

  it('refuses an ID token signed by another key, and one whose claims were changed after signing', async () => {
    for (const forged of [resigned, altered]) {
      const { code } = await answer();
      expect(await refusal(forged.client('apple').identify({ kind: 'code', code: code ?? '' }, flowSecrets()))).toBe(
        '400 social_token_invalid',
      );
      expect(forged.lines.at(-1)?.fields).toMatchObject({ endpoint: 'id_token' });
    }
  });

  it('refuses a code used twice or expired, never logging it', async () => {
    const { code: used } = await answer();
    await apple().identify({ kind: 'code', code: used ?? '' }, flowSecrets());
    expect(await refusal(apple().identify({ kind: 'code', code: used ?? '' }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    const { code: late } = await answer();
    standin.clock.advanceSeconds(11 * 60);
    expect(await refusal(apple().identify({ kind: 'code', code: late ?? '' }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expectNoSecretIn(kirish.lines, [used, late]);
  });
});

/** Apple's token endpoint, answering an ID token signed by a key whose kid the keys must be fetched for. */
const answerWithIdToken: typeof fetch = async () =>
  Response.json({
    access_token: 'a',
    token_type: 'Bearer',
    id_token: await new SignJWT({ sub: 'someone' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(strangerKey.privateKey),
  });

/** An Apple client whose token endpoint answers an ID token (through `fetch`) and whose keys are at `base`. */
function appleAt(base: string, lines: { message: string; fields: LogFields }[]) {
  const config = loadConfig({
    PUBLIC_URL: KIRISH,
    APPLE_BASE_URL: base,
  }).social.providers.apple;
  if (!config) throw new Error('apple is offered outside production');
  return createAppleClient(
    { ...config, redirectUri: `${KIRISH}/oauth/apple` },
    { clock: standin.clock, fetch: answerWithIdToken, log: (message, fields) => lines.push({ message, fields }) },
  );
}

describe("Apple's keys out of reach", () => {
  it('fails the sign-in (social_login_failed, not a refusal and never a 500) when the JWKS answers 500 or nobody answers', async () => {
    const broken = createServer((_request, response) => {
      response.writeHead(500);
      response.end();
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/apple`;
    const lines: { message: string; fields: LogFields }[] = [];
    expect(await refusal(appleAt(base, lines).identify({ kind: 'code', code: 'c' }, flowSecrets()))).toBe(
      '400 social_login_failed',
    );
    await new Promise<void>((resolve) => broken.close(() => resolve()));
    expect(await refusal(appleAt(base, lines).identify({ kind: 'code', code: 'c' }, flowSecrets()))).toBe(
      '400 social_login_failed',
    );
    expect(lines.map((line) => line.fields.endpoint)).toEqual(['keys', 'keys']);
  });
});
