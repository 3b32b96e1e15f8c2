import type { AppInfo } from '../contract/app-info.js';
import { visibleAppName } from '../contract/app-name-rules.js';
import type { OAuthClient } from '../storage/storage.js';

/** What the consent screen shows of a client (GET /oauth/app_info/, and the consent answer of authorize). */
export function appInfoOf(client: OAuthClient): AppInfo {
  return {
    client_id: client.id,
    // An app registered before names were checked shows its hidden characters written out (docs/decisions.md).
    name: visibleAppName(client.name),
    logo_url: client.logoUrl,
    home_page: client.homePage,
    privacy_policy_url: client.privacyPolicyUrl,
    terms_url: client.termsUrl,
    first_party: client.firstParty,
    scopes: [...client.scopes],
  };
}
