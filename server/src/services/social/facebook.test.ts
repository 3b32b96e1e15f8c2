/** Kirish's Facebook client against the stand-in, over HTTP (docs/social-sign-in.md, Facebook). */
import { describe, expect, it } from 'vitest';
import { expectNoSecretIn, flowSecrets, refusal, useProviderClients } from '../../test-support/provider-clients.js';
import { answerOf, consent, useStandin } from '../../test-support/standin.js';
import { appSecretProof } from './facebook.js';

const standin = useStandin();
const kirish = useProviderClients(standin);
const facebook = () => kirish.client('facebook');

async function code(fields: Record<string, string> = {}): Promise<string> {
  const url = facebook().authorizationUrl(flowSecrets());
  return answerOf(await consent(standin.origin(), 'facebook', url, fields), 'query').get('code') ?? '';
}

describe("Kirish's Facebook client", () => {
  it('exchanges the code and reads the person with appsecret_proof (the stand-in refuses me without it)', async () => {
    const person = await facebook().identify({ kind: 'code', code: await code({ identity: 'aziza' }) }, flowSecrets());
    expect(person).toMatchObject({
      provider: 'facebook',
      email: 'demo@kirish.uz',
      emailVerified: true,
      firstName: 'Aziza',
      lastName: 'Karimova',
      phone: null,
    });
    expect(person.subject).not.toBe('');
  });

  it('signs appsecret_proof as Meta documents: hex HMAC-SHA-256 of the token keyed by the app secret', () => {
    // echo -n 'EAAB-token' | openssl dgst -sha256 -hmac 'app-secret'
    expect(appSecretProof('EAAB-token', 'app-secret')).toBe(
      '294c307ff2427ed2140908ec13f483ef7f7d7819a8fc32fb535cf6ada2327ab2',
    );
  });

  it('refuses a code used twice or expired', async () => {
    const used = await code();
    await facebook().identify({ kind: 'code', code: used }, flowSecrets());
    expect(await refusal(facebook().identify({ kind: 'code', code: used }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    const late = await code();
    standin.clock.advanceSeconds(11 * 60);
    expect(await refusal(facebook().identify({ kind: 'code', code: late }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expectNoSecretIn(kirish.lines, [used, late, 'standin-facebook-secret']);
  });
});
