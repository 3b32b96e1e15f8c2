/** Kirish's OneID client against the stand-in, over HTTP (docs/social-sign-in.md, OneID). */
import { describe, expect, it } from 'vitest';
import { expectNoSecretIn, flowSecrets, refusal, useProviderClients } from '../../test-support/provider-clients.js';
import { answerOf, consent, useStandin } from '../../test-support/standin.js';

const standin = useStandin();
const kirish = useProviderClients(standin);
const oneid = () => kirish.client('oneid');

async function code(fields: Record<string, string> = {}): Promise<string> {
  const answer = answerOf(
    await consent(standin.origin(), 'oneid', oneid().authorizationUrl(flowSecrets()), fields),
    'query',
  );
  expect(answer.get('state')).toBe('state-one');
  return answer.get('code') ?? '';
}

describe("Kirish's OneID client", () => {
  it("exchanges the code (one_authorization_code), then reads the state's record (one_access_token_identify)", async () => {
    const person = await oneid().identify({ kind: 'code', code: await code({ identity: 'aziza' }) }, flowSecrets());
    expect(person).toMatchObject({
      provider: 'oneid',
      pinfl: '42505880123456',
      birthDate: '1988-05-25',
      firstName: 'Aziza',
      lastName: 'Karimova',
      phone: '998901234567',
      phoneVerified: true,
      email: 'demo@kirish.uz',
      emailVerified: false,
      display: 'Karimova Aziza',
    });
    expect(person.subject).not.toBe('');
  });

  it('refuses a code used twice, an expired one and a made-up one, never logging it', async () => {
    const used = await code();
    await oneid().identify({ kind: 'code', code: used }, flowSecrets());
    expect(await refusal(oneid().identify({ kind: 'code', code: used }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    const late = await code();
    standin.clock.advanceSeconds(11 * 60);
    expect(await refusal(oneid().identify({ kind: 'code', code: late }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expect(await refusal(oneid().identify({ kind: 'code', code: 'made-up' }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expectNoSecretIn(kirish.lines, [used, late, 'standin-oneid-secret']);
  });
});
