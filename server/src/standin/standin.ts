/**
 * The stand-in identity provider (docs/social-sign-in.md, "The stand-in"): one Hono app serving every
 * provider under `/{provider}` at the paths of the real hosts, so Kirish's provider clients talk to it
 * exactly as to Google or Apple. A separate module: it imports only `lib/` helpers, and Kirish reaches
 * it over HTTP only. Its codes, tokens and keys live in this process's memory.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { PICTURE_PNG } from './credentials.js';
import type { StandinContext } from './context.js';
import { createGrants } from './grants.js';
import { appleApp } from './apple.js';
import { facebookApp } from './facebook.js';
import { googleApp } from './google.js';
import { oneidApp } from './oneid.js';
import type { StandinOptions } from './options.js';
import { PROVIDER_TITLES, escapeHtml } from './page.js';
import { telegramApp } from './telegram.js';
import { twitterApp } from './twitter.js';
import { vkApp } from './vk.js';
import { yandexApp } from './yandex.js';

export type { StandinOptions } from './options.js';

export function createStandin(options: StandinOptions): Hono {
  const origin = options.origin.replace(/\/$/, '');
  const ctx: StandinContext = {
    origin,
    clock: options.clock,
    clients: options.clients,
    grants: createGrants(options.clock),
    pictureUrl: `${origin}/standin/picture.png`,
    secondsLeft: (epochMs) => Math.max(0, Math.floor((epochMs - options.clock.now()) / 1000)),
  };
  const app = new Hono();
  app.route('/google', googleApp(ctx));
  app.route('/yandex', yandexApp(ctx));
  app.route('/vk', vkApp(ctx));
  app.route('/facebook', facebookApp(ctx));
  app.route('/apple', appleApp(ctx));
  app.route('/oneid', oneidApp(ctx));
  app.route('/telegram', telegramApp(ctx));
  app.route('/twitter', twitterApp(ctx));
  app.get('/standin/picture.png', (c) => c.body(PICTURE_PNG, 200, { 'Content-Type': 'image/png' }));
  app.get('/', (c) =>
    c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kirish stand-in identity provider</title></head>` +
        `<body><h1>Kirish stand-in identity provider — not the real providers</h1><p>Serves ${escapeHtml(
          Object.values(PROVIDER_TITLES).join(', '),
        )} under /{provider} for development (docs/social-sign-in.md).</p></body></html>`,
    ),
  );
  return app;
}

/** Where a started stand-in is, and how to stop it. */
export interface RunningStandin {
  origin: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Serves the stand-in on 127.0.0.1:`port` (0: a free one). Without an `origin` it is its own
 * `http://127.0.0.1:{port}`, known only once listening: the app is made then.
 */
export async function startStandin(
  port: number,
  options: Omit<StandinOptions, 'origin'> & { origin?: string },
): Promise<RunningStandin> {
  const made: { app?: Hono } = {};
  const server = serve({
    fetch: (request) => (made.app ? made.app.fetch(request) : new Response(null, { status: 503 })),
    port,
    hostname: '127.0.0.1',
  });
  await once(server, 'listening');
  const actualPort = (server.address() as AddressInfo).port;
  const origin = options.origin ?? `http://127.0.0.1:${actualPort}`;
  made.app = createStandin({ ...options, origin });
  return {
    origin,
    port: actualPort,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
