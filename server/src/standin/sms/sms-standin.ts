/**
 * The SMS gateways' stand-in (docs/sms-gateways.md, The stand-in): one HTTP server on a port of its own
 * serving Eskiz under `/eskiz` and Play Mobile under `/playmobile` at the real hosts' paths, and the
 * failure switch at `/` and `/control`. A separate module like the identity provider's stand-in: it
 * imports only `lib/` helpers, and Kirish reaches it over HTTP only.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createSmsStandinState } from './context.js';
import { controlApp } from './control.js';
import { eskizApp } from './eskiz.js';
import type { SmsStandinGateway, SmsStandinMode, SmsStandinOptions } from './options.js';
import { playmobileApp } from './playmobile.js';

export type { SmsStandinOptions } from './options.js';

export interface RunningSmsStandin {
  origin: string;
  port: number;
  stop(): Promise<void>;
  setMode(gateway: SmsStandinGateway, mode: SmsStandinMode): void;
}

/** Serves the stand-in on 127.0.0.1:`port` (0: a free one), at `http://127.0.0.1:{port}`. */
export async function startSmsStandin(port: number, options: SmsStandinOptions): Promise<RunningSmsStandin> {
  const state = createSmsStandinState(options);
  const app = new Hono();
  app.route('/eskiz', eskizApp(state.ctx));
  app.route('/playmobile', playmobileApp(state.ctx));
  app.route('/', controlApp(state.ctx, state.setMode));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const actualPort = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    setMode: state.setMode,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        state.close();
        server.close((error) => (error ? reject(error) : resolve()));
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
