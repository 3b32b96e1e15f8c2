/**
 * A registered OAuth client as the tests write it: one place for the fields a test does not care about
 * (a public, third-party client with no logo, no pages, no owner and no secret), so that each test names
 * only what it is about. The storage suites, the OAuth steps and the client routes' tests use it alike.
 */
import type { OAuthClient } from '../storage/storage.js';

export function testClient(at: number, fields: Partial<OAuthClient> & Pick<OAuthClient, 'id' | 'name'>): OAuthClient {
  return {
    logoUrl: null,
    homePage: null,
    redirectUris: [],
    postLogoutRedirectUris: [],
    webOrigins: [],
    scopes: ['openid', 'profile', 'phone', 'email'],
    firstParty: false,
    kind: 'public',
    secretHash: null,
    secretCreatedAt: null,
    ownerId: null,
    privacyPolicyUrl: null,
    termsUrl: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}
