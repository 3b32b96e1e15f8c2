/**
 * Signals (signals.ts) over PostgreSQL's LISTEN/NOTIFY. Each instance keeps one connection of its
 * own, outside the pool, that listens on the channels subscribed to; a message is sent with
 * pg_notify() through the pool. PostgreSQL delivers it to every listening connection, the sender's
 * own included. When the listening connection fails, it is opened again a second later; messages
 * sent meanwhile are lost, which signals allow.
 */
import { Client } from 'pg';
import { createListeners, type Signals } from './signals.js';

const RECONNECT_MS = 1000;

export function createPostgresSignals(
  url: string,
  notify: (channel: string, message: string) => Promise<unknown>,
  log: (message: string) => void = console.error,
): Signals {
  const listeners = createListeners();
  let client: Client | undefined;
  /** The channels `client` listens on; one subscribed while it connected is caught up before it counts as open. */
  let listened = new Set<string>();
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  function lost(which: Client, error?: Error) {
    if (client !== which) return;
    client = undefined;
    if (error) log(`the PostgreSQL connection that listens for signals failed: ${error.message}`);
    which.end().catch(() => {});
    if (!closed) retry ??= setTimeout(() => void ensureListening(), RECONNECT_MS).unref();
  }

  async function listen() {
    const next = new Client({ connectionString: url });
    next.on('notification', ({ channel, payload }) => listeners.deliver(channel, payload ?? ''));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    const on = new Set<string>();
    try {
      await next.connect();
      // The names are checked against SIGNAL_CHANNEL (signals.ts): no quoting is needed.
      for (
        let missing = listeners.channels();
        missing.length > 0;
        missing = listeners.channels().filter((channel) => !on.has(channel))
      ) {
        for (const channel of missing) {
          await next.query(`LISTEN ${channel}`);
          on.add(channel);
        }
      }
    } catch (error) {
      // Half open: closed, and tried again whole (ensureListening).
      await next.end().catch(() => {});
      throw error;
    }
    listened = on;
    client = next;
  }

  function ensureListening(): Promise<void> {
    retry = undefined;
    if (closed || client || listeners.channels().length === 0) return Promise.resolve();
    connecting ??= listen()
      .catch((error: Error) => {
        log(`could not listen for signals on PostgreSQL: ${error.message}`);
        if (!closed) retry ??= setTimeout(() => void ensureListening(), RECONNECT_MS).unref();
      })
      .finally(() => (connecting = undefined));
    return connecting;
  }

  return {
    publish(channel, message) {
      notify(channel, message).catch((error: Error) => log(`a signal could not be sent: ${error.message}`));
    },
    subscribe(channel, listener) {
      if (listeners.add(channel, listener)) {
        const current = client;
        if (current && !listened.has(channel)) {
          listened.add(channel);
          current.query(`LISTEN ${channel}`).catch((error: Error) => lost(current, error));
        } else if (!current) void ensureListening();
      }
      return () => listeners.remove(channel, listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting;
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
