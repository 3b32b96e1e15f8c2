/**
 * Kirish as a FedCM identity provider (W3C FedCM, "Identity Provider HTTP API"; docs/fedcm.md): the
 * well-known file, the config file with its branding icon, the accounts endpoint and the client
 * metadata endpoint. Nothing here changes state: every GET only reads (the ID assertion and
 * disconnect endpoints, which write, are in assertion-routes.ts).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { PRIVACY_POLICY_ARTICLE, TERMS_ARTICLE } from '../../contract/help.js';
import { maskEmail, maskPhone } from '../../lib/contacts.js';
import { svgToPng } from '../../lib/images.js';
import { isLocale } from '../../lib/locales.js';
import { vouchingDeviceKeyOf } from '../../middleware/device-key.js';
import { vouchedAccounts } from '../../services/device-accounts.js';
import type { User } from '../../storage/records.js';
import { clientOrigin, fedcmError, isWebIdentity, readableByBrowser } from './fedcm-request.js';

export const FEDCM_PATH = '/sso/api/v1/fedcm';

/** The Kirish mark (src/icons/brand.svg): FedCM takes no SVG icon, so it is served as a PNG. */
const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b6e4f"/>' +
  '<path d="M10 7v18M10 16l10-9M13 14l8 11" stroke="#fff" stroke-width="3.2" fill="none" stroke-linecap="round"/></svg>';
/** FedCM's branding icon must be square; Chrome wants at least 25 px, and more for its larger dialog. */
export const ICON_SIZE_PX = 128;

/** The account's full name, or its masked phone or e-mail when it has none (FedCM needs one identifier to show). */
function displayName(user: User, verifiedEmail: string | null): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  if (name !== '') return name;
  if (user.phone !== null) return maskPhone(user.phone);
  return verifiedEmail === null ? user.id : maskEmail(verifiedEmail);
}

export function fedcmRoutes({ config, storage, clock }: RouteDeps) {
  const base = config.publicUrl;
  const api = `${base}${FEDCM_PATH}`;
  const ownOrigin = new URL(base).origin;
  // Rendered once when the app starts, not per request.
  const icon = svgToPng(MARK_SVG, ICON_SIZE_PX);
  const app = new Hono<AppEnv>();

  /** FedCM §idp-api-config-file; absolute URLs throughout. */
  const configFile = {
    accounts_endpoint: `${api}/accounts/`,
    client_metadata_endpoint: `${api}/client_metadata/`,
    id_assertion_endpoint: `${api}/assertion/`,
    disconnect_endpoint: `${api}/disconnect/`,
    login_url: `${base}/login`,
    branding: {
      background_color: '#0b6e4f',
      color: '#ffffff',
      name: 'Kirish',
      icons: [{ url: `${api}/icon.png`, size: ICON_SIZE_PX }],
    },
  };

  app.get('/config.json', (c) => {
    readableByBrowser(c);
    return c.json(configFile);
  });

  app.get('/icon.png', async (c) => {
    readableByBrowser(c);
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(await icon));
  });

  /**
   * FedCM §idp-api-accounts-endpoint: the accounts this device is signed in with. The browser sends
   * it with cookies and without any Origin or Referer, so that Kirish cannot learn which site asks;
   * a request that names an origin other than Kirish's own is a page trying to read the list.
   */
  app.get('/accounts/', async (c) => {
    readableByBrowser(c);
    if (!isWebIdentity(c)) return fedcmError(c, base, 400, 'invalid_request');
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== ownOrigin) return fedcmError(c, base, 403, 'access_denied');
    const device = vouchingDeviceKeyOf(c, config.product);
    if (device === null) return c.json({ accounts: [] });
    const accounts = await Promise.all(
      (await vouchedAccounts(storage, device, clock.now())).map(async ({ user }) => {
        const email = user.email !== null && user.emailVerified ? user.email : null;
        const approved = [...new Set((await storage.grants.listByUser(user.id)).map((grant) => grant.clientId))];
        return {
          id: user.id,
          name: displayName(user, email),
          ...(user.firstName.trim() === '' ? {} : { given_name: user.firstName }),
          ...(email === null ? {} : { email }),
          // FedCM's alternative identifier for a phone (Chrome 141+); masked, as the account chooser shows it.
          ...(user.phone === null ? {} : { tel: maskPhone(user.phone) }),
          ...(user.photo === null ? {} : { picture: `${base}/cdn/200x/${user.photo}` }),
          approved_clients: approved,
          login_hints: [user.id, ...(email === null ? [] : [email]), ...(user.phone === null ? [] : [user.phone])],
        };
      }),
    );
    return c.json({ accounts });
  });

  /**
   * FedCM §idp-api-client-id-metadata-endpoint: fetched without cookies and with the partner's Origin.
   * Its answer is public (the app's own policy pages), so a request without Origin is answered; one
   * from an origin the app did not register is not, so no site can pass for another app.
   */
  app.get('/client_metadata/', async (c) => {
    readableByBrowser(c);
    if (!isWebIdentity(c)) return fedcmError(c, base, 400, 'invalid_request');
    const clientId = c.req.query('client_id');
    const client = clientId === undefined || clientId === '' ? undefined : await storage.clients.find(clientId);
    if (!client) return fedcmError(c, base, 404, 'invalid_request');
    if (c.req.header('origin') !== undefined && clientOrigin(c, client) === undefined)
      return fedcmError(c, base, 403, 'unauthorized_client');
    // Kirish's own apps register no pages of their own: theirs are Kirish's help centre (issue 38).
    const own = client.firstParty ? kirishLegalPages(base, c.req.header('accept-language')) : undefined;
    const privacy = client.privacyPolicyUrl ?? own?.privacy ?? null;
    const terms = client.termsUrl ?? own?.terms ?? null;
    return c.json({
      ...(privacy === null ? {} : { privacy_policy_url: privacy }),
      ...(terms === null ? {} : { terms_of_service_url: terms }),
    });
  });

  return app;
}

/**
 * Kirish's privacy policy and terms, in the reader's language when the browser's first language is one
 * of the five (the SPA's `language` parameter switches to it); without one, the page's own choice.
 */
export function kirishLegalPages(base: string, acceptLanguage: string | undefined) {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase().split(/[-;]/)[0];
  const query = isLocale(first) ? `?language=${first}` : '';
  return {
    privacy: `${base}/help-center/${PRIVACY_POLICY_ARTICLE}${query}`,
    terms: `${base}/help-center/${TERMS_ARTICLE}${query}`,
  };
}

/** GET /.well-known/web-identity (FedCM §idp-api-well-known), at the root of Kirish's site. */
export function webIdentityRoutes({ config }: RouteDeps) {
  const api = `${config.publicUrl}${FEDCM_PATH}`;
  const document = {
    provider_urls: [`${api}/config.json`],
    accounts_endpoint: `${api}/accounts/`,
    login_url: `${config.publicUrl}/login`,
  };
  const app = new Hono<AppEnv>();
  app.get('/web-identity', (c) => {
    readableByBrowser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(document);
  });
  return app;
}
