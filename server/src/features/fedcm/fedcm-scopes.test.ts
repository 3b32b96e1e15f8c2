/**
 * What FedCM hands a partner without Kirish's consent page, scope by scope, and what its disconnect
 * endpoint tells a partner about the accounts of a browser (docs/fedcm.md, threat model): an earlier
 * grant covers only its own scopes, and disconnect answers alike for every account the partner was
 * never given.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useFedcmTests, type SignedIn } from '../../test-support/fedcm.js';
import { OTHER_ID, OTHER_ORIGIN, PARTNER_ID } from '../../test-support/oauth.js';

const { server, oauth, fedcm, jar, aziza } = useFedcmTests('+998901140001');

const AUTOMATIC = { disclosure_text_shown: 'false', is_auto_selected: 'true' };
const answered = async (scope: string, fields: Record<string, string>) =>
  Object.keys((await fedcm.assertion(jar, aziza.user_uuid, { scope }, fields)).answer.json);

describe('disclosure per scope', () => {
  it('an app granted only openid is sent to the consent page for profile and email on automatic re-sign-in', async () => {
    await oauth.tokens(aziza.access, { scope: 'openid' });
    expect(await answered('openid profile email', AUTOMATIC)).toEqual(['continue_on']);
    expect(await answered('openid profile', AUTOMATIC)).toEqual(['continue_on']);
    // What was granted is still signed in at once.
    expect(await answered('openid', AUTOMATIC)).toEqual(['token']);
  });

  it('a scope granted before, and the scopes this request’s dialog disclosed, need no consent page', async () => {
    await oauth.tokens(aziza.access, { scope: 'openid profile' });
    expect(await answered('openid profile', AUTOMATIC)).toEqual(['token']);
    expect(await answered('openid profile email', AUTOMATIC)).toEqual(['continue_on']);
    expect(await answered('openid profile email', { disclosure_text_shown: 'true' })).toEqual(['token']);
  });

  it('a dialog that names the fields it showed discloses only their scopes', async () => {
    expect(
      await answered('openid email', { disclosure_text_shown: 'true', disclosure_shown_for: 'name,picture' }),
    ).toEqual(['continue_on']);
    expect(
      await answered('openid profile', { disclosure_text_shown: 'true', disclosure_shown_for: 'name,picture' }),
    ).toEqual(['token']);
  });
});

const disconnect = (hint: string) => fedcm.form('disconnect', jar, { client_id: PARTNER_ID, account_hint: hint });

const shape = async (hint: string) => {
  const answer = await disconnect(hint);
  return [answer.status, answer.json, answer.headers.get('access-control-allow-origin')];
};

describe('disconnect answers alike for accounts the partner was not given', () => {
  let bobur: SignedIn;
  beforeEach(async () => {
    bobur = await fedcm.signUp(jar, '+998901140002', { first_name: 'Bobur' });
    // The partner knows Aziza (openid only); Bobur is signed in on this browser but never used the app.
    await oauth.tokens(aziza.access, { scope: 'openid' });
    await oauth.tokens(bobur.access, {
      client_id: OTHER_ID,
      redirect_uri: `${OTHER_ORIGIN}/callback`,
      scope: 'openid',
    });
  });

  it('a phone or id signed in here without a grant for the partner gets the answer of one never seen', async () => {
    const stranger = await shape('+998901149999');
    expect(stranger[0]).toBe(403);
    expect(await shape('+998901140002')).toEqual(stranger);
    expect(await shape(bobur.user_uuid)).toEqual(stranger);
    // Aziza's phone was never given to the partner (no phone scope): refused alike.
    expect(await shape('+998901140001')).toEqual(stranger);
    // Nothing was taken back.
    const partnerGrants = await server.db
      .selectFrom('oauth_grants')
      .select('user_id')
      .where('client_id', '=', PARTNER_ID)
      .execute();
    expect(partnerGrants).toEqual([{ user_id: aziza.user_uuid }]);
  });

  it('the account the partner knows, by its id, is disconnected', async () => {
    expect([(await disconnect(aziza.user_uuid)).status, (await disconnect(aziza.user_uuid)).status]).toEqual([
      200, 403,
    ]);
  });
});
