import { randomBytes } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562 §5.7): 48 bits of Unix milliseconds, then a 12-bit counter (§6.2, method 1),
 * then 62 random bits. Ids made by this process sort, as text, in the order they were made — also
 * within one millisecond and when the clock is frozen, as in tests — so a log can be read newest
 * first by its id alone.
 */
let lastMs = -1;
let counter = 0;

const COUNTER_MAX = 0xfff;

export function orderedId(nowMs: number): string {
  if (nowMs > lastMs) {
    lastMs = nowMs;
    // Start low in the range so that many ids still fit in the same millisecond.
    counter = randomBytes(1)[0] ?? 0;
  } else if (counter < COUNTER_MAX) {
    counter += 1;
  } else {
    // §6.2: when the counter runs out, borrow the next millisecond rather than go backwards.
    lastMs += 1;
    counter = 0;
  }
  const time = lastMs.toString(16).padStart(12, '0').slice(-12);
  const random = randomBytes(8);
  random[0] = ((random[0] ?? 0) & 0x3f) | 0x80; // the variant bits 10 (§4.1)
  const tail = random.toString('hex');
  const version = `7${counter.toString(16).padStart(3, '0')}`;
  return `${time.slice(0, 8)}-${time.slice(8)}-${version}-${tail.slice(0, 4)}-${tail.slice(4)}`;
}
