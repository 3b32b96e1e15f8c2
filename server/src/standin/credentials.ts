/** Reading a request's credentials as the providers take them. */
import type { Context } from 'hono';

/** The token after `scheme` in Authorization (RFC 6750 §2.1 for `Bearer`; Yandex says `OAuth`). */
export function tokenFromHeader(c: Context, scheme: string): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^(\S+) +(\S+)$/.exec(header);
  return match && match[1]!.toLowerCase() === scheme.toLowerCase() ? match[2]! : null;
}

/**
 * HTTP Basic client credentials (RFC 6749 §2.3.1): both parts form-urlencoded before base64, so they
 * are decoded after the split (a `:` inside an id arrives as `%3A`).
 */
export function basicCredentials(c: Context): { id: string; secret: string } | null {
  const encoded = tokenFromHeader(c, 'Basic');
  if (!encoded) return null;
  const plain = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = plain.indexOf(':');
  if (colon < 0) return null;
  const id = decodeFormPart(plain.slice(0, colon));
  const secret = decodeFormPart(plain.slice(colon + 1));
  return id === null || secret === null ? null : { id, secret };
}

function decodeFormPart(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** A form body's text fields (`application/x-www-form-urlencoded`), or query parameters. */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return {};
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}

/** A 1×1 PNG, the picture every profile points at (`/standin/picture.png`). */
export const PICTURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
