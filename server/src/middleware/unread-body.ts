/**
 * The connection after an answer given before the request's body was read to its end (issue 10, §1):
 * a 413 from the Content-Length, a 415 or 401 decided before the body, a 404, a body limit reached
 * halfway through a chunked upload.
 *
 * HTTP/1.1 delimits the messages of a persistent connection by their lengths (RFC 9112 §6.3, §9.3):
 * what is left of a body nobody read is still in front of the next request. Node's server throws an
 * unread body away by itself only when nothing ever started reading it; @hono/node-server's request
 * stream always has, and once the app stops pulling, the socket stays paused: the next request on
 * the connection got no answer and was cut off half a second later. So, at the edge, for every route:
 *
 * - a body that has arrived whole, or that declares at most `drainMaxBytes`, is read to its end and
 *   thrown away as it comes, and the connection serves the next request (@hono/node-server gives
 *   the rest half a second after the answer to arrive, then closes);
 * - a body that declares more, or whose length is not declared (chunked), is answered with
 *   `Connection: close`, and the connection is closed in stages (RFC 9112 §9.6): the answer goes out
 *   whole, what the client still sends is read and dropped for a while, and only then is the socket
 *   closed. Closing at once, on unread data, sends a TCP reset, and a client still writing its body
 *   could lose the answer to it.
 */
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { declaredLength } from '../lib/request-body.js';

export interface UnreadBodyOptions {
  /** The longest unread body read to its end to keep the connection. */
  drainMaxBytes: number;
  /** How long a closing connection keeps reading what the client still sends. */
  lingerMs: number;
}

/**
 * What Node's IncomingMessage._dump does — the reader that stopped pulling is let go and the rest
 * flows away — bounded: resolves when the body has ended, or when `maxBytes` more have been dropped.
 */
function discardRest(incoming: IncomingMessage, maxBytes: number): Promise<void> {
  return new Promise((resolve) => {
    let discarded = 0;
    incoming.removeAllListeners('data');
    incoming.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > maxBytes) {
        incoming.pause();
        resolve();
      }
    });
    incoming.once('end', () => resolve());
    incoming.once('close', () => resolve());
    incoming.resume();
  });
}

/**
 * Answers with `Connection: close` and holds the answer's end — after its last byte, which its
 * Content-Length lets the client read at once — until the client has stopped sending or the linger
 * time is over: Node closes the socket when the answer ends. Only time bounds the reading here: a
 * close while the client still sends resets the connection, and a client that had not read the
 * answer yet loses it (a byte bound made a 10 MB upload lose its 413 under load).
 */
async function closeInStages(c: Context, incoming: IncomingMessage, options: UnreadBodyOptions): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const lingeredLongEnough = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.lingerMs)));
  const lingered = Promise.race([discardRest(incoming, Number.POSITIVE_INFINITY), lingeredLongEnough]);
  void lingered.then(() => clearTimeout(timer));

  const { status } = c.res;
  c.header('Connection', 'close');
  // An answer without a body (204, 304) has no end to hold: it waits for the lingering instead.
  if (status === 204 || status === 304 || c.res.body === null) {
    await lingered;
    return;
  }
  const body = new Uint8Array(await c.res.arrayBuffer());
  const held = new Headers(c.res.headers);
  held.set('Content-Length', String(body.byteLength));
  c.res = new Response(
    new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(body),
      pull: async (controller) => {
        await lingered;
        controller.close();
      },
    }),
    { status, headers: held },
  );
}

export function settleUnreadBody(options: UnreadBodyOptions): MiddlewareHandler {
  return async function settleUnreadBodyMiddleware(c, next) {
    await next();
    // No socket (an in-process request, as in tests), no body, or one read to its end: nothing is left.
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (!incoming || incoming.readableEnded) return;
    const length = declaredLength(incoming);
    if (length === 0) return;
    if (incoming.complete || (length !== undefined && length <= options.drainMaxBytes)) {
      void discardRest(incoming, options.drainMaxBytes);
      return;
    }
    await closeInStages(c, incoming, options);
  };
}
