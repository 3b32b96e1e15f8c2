/** Kirish's VK client against the stand-in, over HTTP (docs/social-sign-in.md, VK). */
import { describe, expect, it } from 'vitest';
import { expectNoSecretIn, flowSecrets, refusal, useProviderClients } from '../../test-support/provider-clients.js';
import { answerOf, consent, useStandin } from '../../test-support/standin.js';

const standin = useStandin();
const kirish = useProviderClients(standin);
const vk = () => kirish.client('vk');

async function code(fields: Record<string, string> = {}): Promise<string> {
  const answer = answerOf(await consent(standin.origin(), 'vk', vk().authorizationUrl(flowSecrets()), fields), 'query');
  expect(answer.get('state')).toBe('state-one');
  return answer.get('code') ?? '';
}

describe("Kirish's VK client", () => {
  it('exchanges the code server-side and reads the person with their confirmed e-mail', async () => {
    const person = await vk().identify({ kind: 'code', code: await code() }, flowSecrets());
    expect(person).toMatchObject({
      provider: 'vk',
      email: 'dilnoza@example.com',
      emailVerified: true,
      firstName: 'Dilnoza',
      lastName: 'Yusupova',
    });
    expect(person.subject).toMatch(/^\d+$/);
    expect((await vk().identify({ kind: 'code', code: await code() }, flowSecrets())).subject).toBe(person.subject);
  });

  it('refuses a code used twice, an expired one and a made-up one, never logging it', async () => {
    const used = await code();
    await vk().identify({ kind: 'code', code: used }, flowSecrets());
    expect(await refusal(vk().identify({ kind: 'code', code: used }, flowSecrets()))).toBe('400 social_token_invalid');
    const late = await code();
    standin.clock.advanceSeconds(11 * 60);
    expect(await refusal(vk().identify({ kind: 'code', code: late }, flowSecrets()))).toBe('400 social_token_invalid');
    expect(await refusal(vk().identify({ kind: 'code', code: 'made-up' }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expectNoSecretIn(kirish.lines, [used, late, 'standin-vk-secret']);
  });
});
