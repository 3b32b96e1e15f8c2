/** Kirish's Yandex client against the stand-in, over HTTP (docs/social-sign-in.md, Yandex). */
import { describe, expect, it } from 'vitest';
import { expectNoSecretIn, flowSecrets, refusal, useProviderClients } from '../../test-support/provider-clients.js';
import { answerOf, consent, OTHER_APP, useStandin } from '../../test-support/standin.js';

const standin = useStandin();
const kirish = useProviderClients(standin);
const yandex = () => kirish.client('yandex');

async function accessToken(authorizeUrl: string, fields: Record<string, string> = {}): Promise<string> {
  const answer = answerOf(await consent(standin.origin(), 'yandex', authorizeUrl, fields), 'fragment');
  return answer.get('access_token') ?? '';
}

describe("Kirish's Yandex client", () => {
  it("reads the person of a token issued to Kirish, with Yandex's confirmed e-mail and phone as 998…", async () => {
    const flow = flowSecrets();
    const token = await accessToken(yandex().authorizationUrl(flow), { identity: 'aziza' });
    expect(await yandex().identify({ kind: 'access_token', accessToken: token }, flow)).toMatchObject({
      provider: 'yandex',
      email: 'demo@kirish.uz',
      emailVerified: true,
      phone: '998901234567',
      phoneVerified: true,
      firstName: 'Aziza',
      lastName: 'Karimova',
      pictureUrl: null,
    });
  });

  it("refuses a token Yandex issued to another app (its client_id is not Kirish's)", async () => {
    const stolen = await accessToken(
      `${standin.origin()}/yandex/authorize?${new URLSearchParams({
        response_type: 'token',
        client_id: 'other-yandex',
        redirect_uri: `${OTHER_APP}/callback`,
        state: 's',
      })}`,
    );
    expect(await refusal(yandex().identify({ kind: 'access_token', accessToken: stolen }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    expect(kirish.lines.at(-1)).toMatchObject({
      message: 'social provider refused',
      fields: { provider: 'yandex', endpoint: 'info', reason: 'another client_id' },
    });
    expectNoSecretIn(kirish.lines, [stolen]);
  });

  it('refuses an unknown or expired token', async () => {
    const token = await accessToken(yandex().authorizationUrl(flowSecrets()));
    expect(await refusal(yandex().identify({ kind: 'access_token', accessToken: 'y0_made_up' }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    standin.clock.advanceSeconds(366 * 24 * 3600);
    expect(await refusal(yandex().identify({ kind: 'access_token', accessToken: token }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
  });
});
