/**
 * Outside production, only requests addressed to the server's own name are answered (issue 10, §6).
 *
 * DNS rebinding: a page on attacker.example points its name at 127.0.0.1 once it has loaded, and
 * its script then reads http://attacker.example:8080/dev/outbox — the same origin to the browser,
 * so the dev outbox, and every code in it, would be readable. What the browser cannot hide is the
 * name it asked for: the request carries `Host: attacker.example:8080`. A server may refuse a
 * request for a target it is not authoritative for (RFC 9110 §7.4), and 421 Misdirected Request
 * says exactly that (RFC 9110 §15.5.20). The whole server refuses it, not only the outbox: the
 * account site and the API hold tokens and personal data too.
 *
 * The target's authority is the Host header, or the request line's absolute URI, which overrides
 * Host (RFC 9112 §3.2.2); both must name the server. A request with no Host header at all never
 * comes over HTTP/1.1 (Node answers it 400) and is one made in-process.
 */
import { isIP } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

/** RFC 9110 §7.2: `uri-host [ ":" port ]`, the host a name, an IPv4 address or a bracketed IPv6 one. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/** `origin` is the name the server answers to, e.g. PUBLIC_URL (`http://localhost:8080`). */
export function requirePublicHost(origin: string): MiddlewareHandler {
  const expected = new URL(origin);
  const defaultPort = expected.protocol === 'https:' ? '443' : '80';
  const expectedPort = expected.port || defaultPort;
  // An absent port is the scheme's default (RFC 9110 §4.2.1, §4.2.2): "localhost" is "localhost:80".
  return requireHost(
    (hostname, port) => hostname === expected.hostname && (port || defaultPort) === expectedPort,
    expected.host,
  );
}

/** Whether a Host's name is an IP address (an IPv6 one in brackets). */
const isAddress = (hostname: string): boolean => isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0;

/** The names of this machine's loopback interface, as URL parsing writes them. */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The metrics port (METRICS_PORT on METRICS_HOST, plain http) outside production: its own address
 * and the loopback names, at its port. On an unspecified address (`0.0.0.0`, `::`) any IP address
 * at its port too: a rebinding needs a DNS name in Host, and an address names no one else's site.
 */
export function requireMetricsHost(host: string, port: number): MiddlewareHandler {
  const own = isIP(host) === 6 ? `[${host}]` : host;
  const unspecified = host === '0.0.0.0' || host === '::';
  return requireHost(
    (hostname, given) =>
      (given || '80') === String(port) &&
      (hostname === own || LOOPBACK_NAMES.has(hostname) || (unspecified && isAddress(hostname))),
    `${unspecified ? '127.0.0.1' : own}:${port}`,
  );
}

/** Answers 421 to a request whose Host (and absolute request target) `names` does not take; `shown` is the name the refusal gives. */
function requireHost(names: (hostname: string, port: string | undefined) => boolean, shown: string): MiddlewareHandler {
  return async function requirePublicHostMiddleware(c, next) {
    const host = c.req.header('host');
    let addressed = true;
    if (host !== undefined) {
      const parts = HOST_HEADER.exec(host.trim().toLowerCase());
      addressed = parts !== null && names(parts[1] ?? '', parts[2]);
    }
    if ((c.env as Partial<HttpBindings> | undefined)?.incoming) {
      const target = new URL(c.req.url);
      addressed &&= names(target.hostname, target.port);
    }
    if (!addressed) return c.text(`Misdirected Request: this server answers to ${shown} only\n`, 421);
    return next();
  };
}
