/**
 * limitSmallBody reads the body from the socket when there is one (as main.ts serves the app) and
 * through the web Request otherwise (tests' `app.request`). Both ways must answer alike, so every
 * case runs both ways: over real HTTP to a served app, and in process.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestText } from '../lib/request-body.js';
import { useServedApp } from '../test-support/served-app.js';
import { limitSmallBody } from './body-limit.js';
import { settleUnreadBody } from './unread-body.js';

const MAX_BYTES = 64;

const app = new Hono().use(settleUnreadBody({ drainMaxBytes: 1024 * 1024, lingerMs: 100 }));
app.use(
  limitSmallBody({ maxBytes: MAX_BYTES, onTooLarge: (c) => c.json({ errors: [{ error: 'payload_too_large' }] }, 413) }),
);
app.post('/echo', async (c) => c.json({ text: await requestText(c) }));
app.get('/echo', async (c) => c.json({ text: await requestText(c) }));

const served = useServedApp(app);

/** A body sent in pieces, without a Content-Length (chunked over HTTP/1.1). */
function chunked(...pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

const ways = {
  'over a socket': (path: string, init?: RequestInit) => fetch(`${served.origin()}${path}`, init),
  'in process': async (path: string, init?: RequestInit) => app.request(path, init),
};

const bytes = (text: string) => new TextEncoder().encode(text);

describe.each(Object.entries(ways))('limitSmallBody, %s', (_way, send) => {
  const post = (body: string | Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    send('/echo', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit);

  it('hands a body within the limit to the route, whole', async () => {
    const answer = await post('{"refresh":"abc"}');
    expect([answer.status, await answer.json()]).toEqual([200, { text: '{"refresh":"abc"}' }]);
  });

  it('reads a body of exactly the limit', async () => {
    const answer = await post('x'.repeat(MAX_BYTES));
    expect([answer.status, ((await answer.json()) as { text: string }).text.length]).toEqual([200, MAX_BYTES]);
  });

  it('refuses a body one byte over the limit with 413', async () => {
    const answer = await post('x'.repeat(MAX_BYTES + 1));
    expect([answer.status, await answer.json()]).toEqual([413, { errors: [{ error: 'payload_too_large' }] }]);
  });

  it('refuses a chunked body that grows past the limit with 413, and reads a chunked one within it', async () => {
    const over = await post(chunked(bytes('x'.repeat(40)), bytes('y'.repeat(40))));
    expect(over.status).toBe(413);
    const within = await post(chunked(bytes('{"a":'), bytes('1}')));
    expect([within.status, await within.json()]).toEqual([200, { text: '{"a":1}' }]);
  });

  it("decodes as the web Request's text() does: a leading BOM dropped, a broken sequence as U+FFFD", async () => {
    const answer = await post(Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0xff, 0x7d]));
    expect(await answer.json()).toEqual({ text: '{\uFFFD}' });
  });

  it('lets a request without a body through, with an empty text', async () => {
    const answer = await send('/echo');
    expect([answer.status, await answer.json()]).toEqual([200, { text: '' }]);
  });
});
