/**
 * The stand-in's Eskiz (docs/sms-gateways.md, Eskiz): a form login that hands out a JWT expiring on the
 * stand-in's clock, its refresh, and the send, which answers 401 without a live token, takes the message
 * (the dev outbox, through `deliver`) and reports on it to its `callback_url` a moment later.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { constantTimeEqual } from '../../lib/secrets.js';
import { tashkentDate, type SmsStandinContext } from './context.js';
import { DEFAULT_ESKIZ_TOKEN_TTL_MS } from './options.js';

const TOKEN_INVALID = { status: 'token-invalid', message: 'Token is invalid or expired' };

async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A JWT part: base64url of the JSON (RFC 7515 §7.1). */
function part(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function bearer(c: Context): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1] ?? null;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function eskizApp(ctx: SmsStandinContext): Hono {
  const { accounts, clock } = ctx.options;
  const account = accounts.eskiz;
  const ttlMs = ctx.options.eskizTokenTtlMs ?? DEFAULT_ESKIZ_TOKEN_TTL_MS;
  const key = randomBytes(32);
  /** The tokens issued and not yet replaced by a refresh, with when each expires (epoch ms). */
  const tokens = new Map<string, number>();
  let nextMessageNumber = 5_550_000;

  function issue(): string {
    const now = clock.now();
    const expiresAt = now + ttlMs;
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
      iat: Math.floor(now / 1000),
      exp: Math.floor(expiresAt / 1000),
      sub: account.email,
      jti: randomUUID(),
    })}`;
    const token = `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
    tokens.set(token, expiresAt);
    return token;
  }

  const tokenAnswer = (c: Context, message: string) =>
    c.json({ message, data: { token: issue() }, token_type: 'bearer' });

  const app = new Hono();

  app.post('/api/auth/login', async (c) => {
    const fields = await formFields(c);
    const right =
      constantTimeEqual(fields.email ?? '', account.email) &&
      constantTimeEqual(fields.password ?? '', account.password);
    if (!right) return c.json({ message: 'Invalid credentials' }, 401);
    return tokenAnswer(c, 'token_generated');
  });

  // A token it issued is renewed even after its exp (within the refresh window); the old one then stops working.
  app.patch('/api/auth/refresh', (c) => {
    const old = bearer(c);
    if (old === null || !tokens.has(old)) return c.json(TOKEN_INVALID, 401);
    tokens.delete(old);
    return tokenAnswer(c, 'token_refreshed');
  });

  app.post('/api/message/sms/send', async (c) => {
    const token = bearer(c);
    const expiresAt = token === null ? undefined : tokens.get(token);
    if (expiresAt === undefined || clock.now() >= expiresAt) return c.json(TOKEN_INVALID, 401);
    const mode = ctx.mode('eskiz');
    if (mode === 'fail') return c.json({ status: 'error', message: 'Internal Server Error' }, 500);
    if (mode === 'slow') await ctx.slowDown();
    const fields = await formFields(c);
    const errors: Record<string, string[]> = {};
    if (!/^998\d{9}$/.test(fields.mobile_phone ?? '')) errors.mobile_phone = ['The mobile phone format is invalid.'];
    if (!fields.message) errors.message = ['The message field is required.'];
    if (fields.callback_url && !isHttpUrl(fields.callback_url)) errors.callback_url = ['The callback url is invalid.'];
    if (Object.keys(errors).length > 0) return c.json({ message: 'The given data was invalid.', errors }, 422);
    if (fields.from !== undefined && fields.from !== account.from)
      return c.json({ status: 'error', message: 'This sender name is not assigned to the account.' }, 400);
    const id = randomUUID();
    const number = nextMessageNumber++;
    const phone = fields.mobile_phone ?? '';
    if (mode !== 'undelivered')
      await ctx.options.deliver({ gateway: 'eskiz', to: `+${phone}`, text: fields.message ?? '' });
    const callbackUrl = fields.callback_url;
    if (callbackUrl)
      ctx.report(callbackUrl, 'application/json', () =>
        JSON.stringify({
          request_id: id,
          message_id: number,
          user_sms_id: fields.user_sms_id ?? null,
          country: 'UZ',
          phone_number: phone,
          sms_count: 1,
          status: mode === 'undelivered' ? 'UNDELIV' : 'DELIVRD',
          status_date: tashkentDate(clock.now()),
        }),
      );
    return c.json({ id, message: 'Waiting for SMS provider', status: 'waiting' });
  });

  return app;
}
