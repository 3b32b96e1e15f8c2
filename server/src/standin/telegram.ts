/**
 * The Telegram login widget's redirect as Kirish meets it (docs/social-sign-in.md, Telegram):
 * `GET /telegram/auth?bot_id&origin&return_to`, and after the person confirms, `return_to` with the
 * user's fields and their `hash` added to its query (core.telegram.org/widgets/login, "Checking
 * authorization": HMAC-SHA-256 of the sorted data-check-string, keyed by SHA-256 of the bot token).
 */
import { createHash, createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { serveAuthorize, type Resolution } from './authorize.js';
import type { StandinContext } from './context.js';
import type { StandinTelegramBot } from './options.js';

/** The fields' `hash`, as Telegram computes it and a client recomputes it. */
export function telegramHash(fields: Record<string, string>, botToken: string): string {
  const dataCheckString = Object.keys(fields)
    .filter((name) => name !== 'hash')
    .toSorted()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');
  const secretKey = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secretKey).update(dataCheckString).digest('hex');
}

const pageOf = (url: URL) => `${url.origin}${url.pathname}`;

/** The origin an `origin` parameter names (a trailing slash or path aside), or null. */
function originOf(value: string | null): string | null {
  try {
    return new URL(value ?? '').origin;
  } catch {
    return null;
  }
}

function resolveTelegram(bots: readonly StandinTelegramBot[] | undefined, query: URLSearchParams): Resolution {
  const botId = query.get('bot_id') ?? '';
  const bot = bots?.find((registered) => registered.botToken.split(':')[0] === botId);
  if (!bot) return { refuse: `Bot ${botId} not found.` };
  let returnTo: URL;
  try {
    returnTo = new URL(query.get('return_to') ?? '');
  } catch {
    return { refuse: 'return_to is not an address.' };
  }
  // The bot's domain (BotFather's /setdomain): the page asking and the page returned to are the app's.
  const registered = bot.redirectUris.some((uri) => pageOf(new URL(uri)) === pageOf(returnTo));
  if (!registered || originOf(query.get('origin')) !== returnTo.origin) return { refuse: 'Bot domain invalid' };
  return { request: { clientId: `@${bot.botName}`, redirectUri: returnTo.toString(), state: null, query } };
}

export function telegramApp(ctx: StandinContext): Hono {
  const app = new Hono();
  const botOf = (query: URLSearchParams) =>
    ctx.clients.telegram!.find((bot) => bot.botToken.split(':')[0] === query.get('bot_id'))!;
  serveAuthorize(app, '/auth', {
    provider: 'telegram',
    resolve: (query) => resolveTelegram(ctx.clients.telegram, query),
    approve: (c, request, identity, subject) => {
      const fields: Record<string, string> = {
        id: subject,
        first_name: identity.firstName,
        ...(identity.lastName ? { last_name: identity.lastName } : {}),
        ...(identity.username ? { username: identity.username } : {}),
        photo_url: ctx.pictureUrl,
        auth_date: String(Math.floor(ctx.clock.now() / 1000)),
      };
      const url = new URL(request.redirectUri);
      for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
      url.searchParams.set('hash', telegramHash(fields, botOf(request.query).botToken));
      c.header('Cache-Control', 'no-store');
      return c.redirect(url.toString(), 302);
    },
    // Declining sends the person back to the app with nothing added: no Telegram fields, no sign-in.
    deny: (c, request) => c.redirect(request.redirectUri, 302),
  });
  return app;
}
