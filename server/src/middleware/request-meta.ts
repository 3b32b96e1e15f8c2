/**
 * What the server records about a request: who is asking from where, on which device, through
 * which product. Read once per request by a middleware and kept in the context.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { clientAddressResolver, type ProxyTrust } from '../lib/client-address.js';
import { localeFromAcceptLanguage } from '../lib/locales.js';
import type { RequestMeta } from '../lib/request-meta.js';

export type MetaEnv = { Variables: { meta: RequestMeta } };

const HEADER_VALUE_MAX_LENGTH = 256;

/** Bounded, printable header values only: what is stored must never be a vector itself. */
function headerValue(c: Context, name: string): string | null {
  const value = c.req.header(name)?.trim();
  if (!value) return null;
  const printable = value.replace(/[^\x20-\x7e]/g, '');
  return printable.slice(0, HEADER_VALUE_MAX_LENGTH) || null;
}

function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // no socket: an in-process request (app.request in tests)
  }
}

export function requestMeta(options: { product: string; trustProxy: ProxyTrust }): MiddlewareHandler<MetaEnv> {
  const productHeader = `${options.product}-Source`;
  const clientAddress = clientAddressResolver(options.trustProxy);
  return async function requestMetaMiddleware(c, next) {
    c.set('meta', {
      ip: clientAddress(peerAddress(c), c.req.header('x-forwarded-for')),
      deviceId: headerValue(c, 'device-id'),
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      source: headerValue(c, 'source'),
      productSource: headerValue(c, productHeader),
      oauthClientId: headerValue(c, 'oauthclientid'),
      locale: localeFromAcceptLanguage(c.req.header('accept-language')),
    });
    await next();
  };
}
