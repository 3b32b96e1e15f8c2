/**
 * The client's address, as the per-address limits key it (codes, sign-in, checks, token failures).
 *
 * Behind reverse proxies the socket's peer is the nearest proxy, and the client is named by
 * `X-Forwarded-For`: each proxy appends the address it received the request from, so the list
 * reads `client, proxy1, proxy2` (MDN, X-Forwarded-For; RFC 7239 §5.2 for the standard `for=`).
 * Only the entries appended by our own proxies can be believed: whoever sends the request writes
 * everything to their left, and taking the leftmost entry let one socket pose as any number of
 * addresses (issue 10, §7). So the address is read from the right, past the proxies we trust and no
 * further: a count of hops (`TRUST_PROXY=1`: one proxy in front) or the proxies' addresses.
 */
import { BlockList, isIP } from 'node:net';

/** Which `X-Forwarded-For` entries Kirish believes (config: TRUST_PROXY, docs/decisions.md). */
export type ProxyTrust =
  /** None: the client is the socket's peer. */
  | { kind: 'none' }
  /** This many proxies stand in front of Kirish, each appending to the header. */
  | { kind: 'hops'; hops: number }
  /** Peers in these ranges (`address/prefix`, normalised) are our proxies. */
  | { kind: 'ranges'; ranges: string[] };

/** What an address is keyed by when a request came with no socket (in-process, as in tests). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * One address in a canonical form, or null when it is not an address: `::ffff:192.0.2.1` is the
 * IPv4 address a dual-stack socket reports it as; a port (`192.0.2.1:5000`, `[2001:db8::1]:443`),
 * which some proxies add, is not part of it.
 */
export function normalizeAddress(raw: string): string | null {
  let value = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped?.[1]) value = mapped[1];
  return isIP(value) === 0 ? null : value;
}

/** Parses `address` or `address/prefix` into a range, or null when it is neither. */
export function parseRange(raw: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [addressPart = '', prefixPart, ...rest] = raw.trim().split('/');
  if (rest.length > 0) return null;
  const address = normalizeAddress(addressPart);
  if (!address || addressPart.includes('[')) return null;
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const bits = family === 'ipv4' ? 32 : 128;
  if (prefixPart === undefined) return { address, prefix: bits, family };
  if (!/^\d{1,3}$/.test(prefixPart) || Number(prefixPart) > bits) return null;
  return { address, prefix: Number(prefixPart), family };
}

/**
 * Builds the function that names the client from the socket's peer and the `X-Forwarded-For`
 * header. The result is always an address written by the socket's peer or by a proxy we trust —
 * never a string the client chose — and `unknown` only for a request without a socket.
 */
export function clientAddressResolver(
  trust: ProxyTrust,
): (peer: string | undefined, forwardedFor: string | undefined) => string {
  if (trust.kind === 'none')
    return (peer) => (peer === undefined ? UNKNOWN_ADDRESS : (normalizeAddress(peer) ?? UNKNOWN_ADDRESS));

  const proxies = new BlockList();
  if (trust.kind === 'ranges') {
    for (const raw of trust.ranges) {
      const range = parseRange(raw);
      if (!range) throw new Error(`not an address range: ${raw}`);
      proxies.addSubnet(range.address, range.prefix, range.family);
    }
  }
  const isProxy = (address: string) => proxies.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');

  return (peer, forwardedFor) => {
    // The hops in the order they were taken; null where an entry is not an address at all.
    const chain: (string | null)[] = (forwardedFor ?? '')
      .split(',')
      .filter((entry) => entry.trim() !== '')
      .map(normalizeAddress);
    chain.push(peer === undefined ? null : normalizeAddress(peer));

    let index: number;
    if (trust.kind === 'hops') {
      // Fewer entries than proxies: the request skipped some of them, and the leftmost is the farthest hop we know.
      index = Math.max(0, chain.length - 1 - trust.hops);
    } else {
      index = chain.length - 1;
      while (index > 0 && chain[index] !== null && isProxy(chain[index] as string)) index -= 1;
    }
    // An entry that is no address was not written by a proxy of ours; the hop that forwarded it
    // (the nearest address to its right) stands for it, so a client cannot mint keys by writing junk.
    for (let at = index; at < chain.length; at += 1) {
      const address = chain[at];
      if (address) return address;
    }
    return UNKNOWN_ADDRESS;
  };
}
