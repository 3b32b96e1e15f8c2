/**
 * Content negotiation by `Accept-Encoding` (RFC 9110 §12.5.3): which of the codings a response is
 * available in the client accepts, and which of those to send.
 */

/** The codings Kirish sends, in its own order of preference: smallest first. */
export const CODINGS = ['br', 'gzip', 'identity'] as const;
export type Coding = (typeof CODINGS)[number];

/** The file suffix of each precompressed coding (written by server/scripts/compress-dist.mjs). */
export const CODING_SUFFIX: Readonly<Record<Exclude<Coding, 'identity'>, string>> = { br: '.br', gzip: '.gz' };

/** Below any qvalue a client can write (the smallest is 0.001), above "not acceptable". */
const IMPLICIT_IDENTITY_WEIGHT = 0.0001;

interface Weighted {
  coding: string;
  q: number;
}

/** RFC 9110 §12.4.2: a qvalue is 0 to 1 with up to three decimals; anything else counts as 1. */
function qvalueOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((part) => part.trim());
    if (name?.toLowerCase() !== 'q' || value === undefined) continue;
    if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return 1;
    return Number(value);
  }
  return 1;
}

function parse(header: string): Weighted[] {
  const entries: Weighted[] = [];
  for (const element of header.split(',')) {
    const [name = '', ...parameters] = element.split(';');
    let coding = name.trim().toLowerCase();
    if (!coding) continue;
    // RFC 9110 §8.4.1.3: a recipient should treat x-gzip as gzip.
    if (coding === 'x-gzip') coding = 'gzip';
    entries.push({ coding, q: qvalueOf(parameters) });
  }
  return entries;
}

/** The weight the header gives `coding`: its own entry, else `*`'s; identity is acceptable unless excluded. */
function weightOf(entries: Weighted[], coding: Coding): number {
  const own = entries.find((entry) => entry.coding === coding);
  if (own) return own.q;
  const any = entries.find((entry) => entry.coding === '*');
  if (any) return any.q;
  // §12.5.3: identity is acceptable unless "identity;q=0" or "*;q=0" says not — but, unweighted, it
  // ranks last: "br;q=0.5" asks for brotli over the plain bytes, not the other way round.
  return coding === 'identity' ? IMPLICIT_IDENTITY_WEIGHT : 0;
}

/**
 * The coding to send, of those `available` (identity must be among them): the one the client
 * weighs highest, Kirish's order (br, gzip, identity) breaking ties; a coding with q=0 is never
 * chosen (§12.4.2, "not acceptable").
 *
 * No header at all would allow any coding (§12.5.3), but a client that says nothing (curl, a
 * script) is better served the plain bytes it surely understands; so is one that rules out every
 * coding we have, including identity — §12.5.3 lets the server answer 415/406 or plainly, and a
 * plain answer is the useful one for a login page.
 */
export function chooseCoding(acceptEncoding: string | undefined, available: readonly Coding[]): Coding {
  if (acceptEncoding === undefined) return 'identity';
  const entries = parse(acceptEncoding);
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const coding of CODINGS) {
    if (!available.includes(coding)) continue;
    const weight = weightOf(entries, coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
