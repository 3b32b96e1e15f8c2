/**
 * What every FedCM endpoint checks and how it answers (W3C FedCM, "Identity Provider HTTP API";
 * docs/fedcm.md). The browser marks each of its FedCM requests `Sec-Fetch-Dest: webidentity`, a
 * header no page can set (Fetch Metadata: `Sec-` headers are forbidden to scripts), so a request
 * without it is a forgery or a page's own fetch. Errors use FedCM's shape,
 * `{"error": {"code", "url"}}` (FedCM §id-assertion error), whose codes are OAuth's (RFC 6749
 * §4.1.2.1) and read by software, so they are not catalogue keys.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readFormBody } from '../../lib/form-body.js';
import { isSerializedOrigin } from '../../lib/origins.js';
import type { OAuthClient } from '../../storage/storage.js';

export type FedcmErrorCode = 'invalid_request' | 'unauthorized_client' | 'access_denied' | 'invalid_scope';

/** FedCM's request destination (Fetch Metadata `Sec-Fetch-Dest`), which only the browser's FedCM requests carry. */
export const isWebIdentity = (c: Context): boolean => c.req.header('sec-fetch-dest') === 'webidentity';

/**
 * An error in FedCM's format. `url` is a page of Kirish the browser may offer the person (it must
 * be same-site with the config file): the site itself, where they see their account.
 */
export function fedcmError(
  c: Context,
  publicUrl: string,
  status: ContentfulStatusCode,
  code: FedcmErrorCode,
): Response {
  return c.json({ error: { code, url: `${publicUrl}/` } }, status);
}

/** The request's Origin when it is exactly one of the client's registered web origins (RFC 9700 §2.1, RFC 6454 §6.2). */
export function clientOrigin(c: Context, client: OAuthClient | undefined): string | undefined {
  const origin = c.req.header('origin');
  if (!client || origin === undefined || !isSerializedOrigin(origin)) return undefined;
  return client.webOrigins.includes(origin) ? origin : undefined;
}

/**
 * FedCM §id-assertion and §disconnect: the answer must be readable by the partner's origin with
 * credentials (the browser fetches in "cors" mode), never by `*`. Only an allowed origin gets it.
 */
export function allowCredentialedOrigin(c: Context, origin: string | undefined): void {
  c.header('Vary', 'Origin', { append: true });
  if (origin === undefined) return;
  c.header('Access-Control-Allow-Origin', origin);
  c.header('Access-Control-Allow-Credentials', 'true');
}

/**
 * The browser fetches FedCM's documents and the icon itself, for a partner's page; the site's
 * `Cross-Origin-Resource-Policy: same-origin` would refuse them. Nothing a page could read is
 * exposed by this: the credentialed endpoints answer only `webidentity` requests.
 */
export const readableByBrowser = (c: Context): void => c.header('Cross-Origin-Resource-Policy', 'cross-origin');

/**
 * The form the browser posts (application/x-www-form-urlencoded): each field once, an empty one as
 * absent, as RFC 6749 §3.1 and §3.2 read parameters. Null when the body is not such a form or a field repeats.
 */
export async function readFedcmForm(c: Context): Promise<ReadonlyMap<string, string> | null> {
  const form = await readFormBody(c);
  if (!form) return null;
  const fields = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, value] of form) {
    if (seen.has(name)) return null;
    seen.add(name);
    if (value !== '') fields.set(name, value);
  }
  return fields;
}
