/** Kirish's X client against the stand-in, over HTTP (docs/social-sign-in.md, X; RFC 7636). */
import { describe, expect, it } from 'vitest';
import { expectNoSecretIn, flowSecrets, refusal, useProviderClients } from '../../test-support/provider-clients.js';
import { answerOf, consent, useStandin } from '../../test-support/standin.js';

const standin = useStandin();
const kirish = useProviderClients(standin);
const twitter = () => kirish.client('twitter');

async function code(flow = flowSecrets()): Promise<string> {
  const answer = answerOf(await consent(standin.origin(), 'twitter', twitter().authorizationUrl(flow)), 'query');
  expect(answer.get('state')).toBe(flow.state);
  return answer.get('code') ?? '';
}

describe("Kirish's X client", () => {
  it("exchanges the code with the flow's PKCE verifier and HTTP Basic, and reads the person", async () => {
    const flow = flowSecrets();
    const person = await twitter().identify({ kind: 'code', code: await code(flow) }, flow);
    expect(person).toMatchObject({
      provider: 'twitter',
      email: null,
      firstName: 'Dilnoza',
      lastName: 'Yusupova',
      display: '@dilnoza_yu',
    });
    expect(person.subject).toMatch(/^\d+$/);
  });

  it("refuses a code exchanged with another flow's verifier (RFC 7636 §4.6)", async () => {
    const begun = await code(flowSecrets('one'));
    expect(await refusal(twitter().identify({ kind: 'code', code: begun }, flowSecrets('two')))).toBe(
      '400 social_token_invalid',
    );
    expectNoSecretIn(kirish.lines, [begun, flowSecrets('one').codeVerifier, 'standin-twitter-secret']);
  });

  it('refuses a code used twice or expired', async () => {
    const flow = flowSecrets();
    const used = await code(flow);
    await twitter().identify({ kind: 'code', code: used }, flow);
    expect(await refusal(twitter().identify({ kind: 'code', code: used }, flow))).toBe('400 social_token_invalid');
    const late = await code(flow);
    standin.clock.advanceSeconds(11 * 60);
    expect(await refusal(twitter().identify({ kind: 'code', code: late }, flow))).toBe('400 social_token_invalid');
  });
});
