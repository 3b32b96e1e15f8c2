import { describe, expect, it } from 'vitest';
import type { QrLoginEvent } from '../../../server/src/contract/qr-login.js';
import { followQrEvents, parseEvents, QrEventsRefused } from './qr-events';

const EVENTS = '/sso/api/v1/qr/login-requests/r1/events';

/** A fetch answering each call from a list, recording what it was asked. */
function scripted(answers: (() => Response)[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: init?.headers as Record<string, string> });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    return next();
  }) as unknown as typeof fetch;
  return { calls, deps: { fetch: fetcher, headers: () => ({ 'Device-Id': 'd1' }) } };
}

/** An event stream delivered in the given chunks (split anywhere, as a network does). */
const stream =
  (...chunks: string[]) =>
  () =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
      { headers: { 'Content-Type': 'text/event-stream' } },
    );
/** A stream a buffering proxy holds: open, and nothing comes. */
const silentStream = () =>
  new Response(new ReadableStream({ start: () => undefined }), { headers: { 'Content-Type': 'text/event-stream' } });
const json = (event: QrLoginEvent) => () => Response.json(event);

describe('reading a QR request’s events', () => {
  it('parses events split across chunks, with CRLF and multi-line data', () => {
    const first = parseEvents('event: scanned\r\ndata: {"state":\r\ndata: "scanned"}\r\n\r\nevent: app');
    expect(first.events).toEqual([{ state: 'scanned' }]);
    expect(parseEvents(`${first.rest}roved\ndata: {"state":"denied"}\n\n`).events).toEqual([{ state: 'denied' }]);
  });

  it('reads the stream with the secret in its header, never in the URL, until the final event', async () => {
    const { calls, deps } = scripted([
      stream(
        ': hello\n\nevent: scanned\ndata: {"state":"sca',
        'nned"}\n\nevent: approved\ndata: {"state":"approved","tokens":{"access":"a"}}\n\n',
      ),
    ]);
    const seen: QrLoginEvent[] = [];
    const final = await followQrEvents(deps, EVENTS, 's3cret', (e) => seen.push(e), new AbortController().signal);
    expect(seen.map((e) => e.state)).toEqual(['scanned', 'approved']);
    expect(final).toEqual({ state: 'approved', tokens: { access: 'a' } });
    expect(calls).toEqual([
      { url: EVENTS, headers: { 'Device-Id': 'd1', Accept: 'text/event-stream', 'X-Qr-Secret': 's3cret' } },
    ]);
  });

  it('falls back to the long poll when the stream ends with nothing final, or the answer is not a stream', async () => {
    const { calls, deps } = scripted([
      stream('event: scanned\ndata: {"state":"scanned"}\n\n'),
      json({ state: 'scanned' }),
      json({ state: 'expired' }),
    ]);
    const seen: string[] = [];
    const final = await followQrEvents(deps, EVENTS, 's', (e) => seen.push(e.state), new AbortController().signal);
    expect(final).toEqual({ state: 'expired' });
    expect(seen).toEqual(['scanned', 'expired']);
    // Each poll names the last state seen, so that the server waits for a change instead of answering it again.
    expect(calls.map((c) => [c.url, c.headers.Accept])).toEqual([
      [EVENTS, 'text/event-stream'],
      [`${EVENTS}?wait=long&after=scanned`, 'application/json'],
      [`${EVENTS}?wait=long&after=scanned`, 'application/json'],
    ]);
  });

  it('takes a stream silent past the heartbeat for a buffered one and long-polls instead', async () => {
    const { calls, deps } = scripted([silentStream, json({ state: 'denied' })]);
    const final = await followQrEvents(
      { ...deps, silenceMs: 20 },
      EVENTS,
      's',
      () => undefined,
      new AbortController().signal,
    );
    expect(final).toEqual({ state: 'denied' });
    expect(calls.map((c) => c.url)).toEqual([EVENTS, `${EVENTS}?wait=long`]);
  });

  it('long-polls from the start when the answer is JSON, waiting after pending', async () => {
    const { calls, deps } = scripted([json({ state: 'pending' }), json({ state: 'denied' })]);
    const final = await followQrEvents(deps, EVENTS, 's', () => undefined, new AbortController().signal);
    expect(final).toEqual({ state: 'denied' });
    expect(calls.map((c) => c.url)).toEqual([EVENTS, `${EVENTS}?wait=long`]);
  });

  it('a refused call says its status', async () => {
    const { deps } = scripted([() => new Response(null, { status: 404 })]);
    await expect(followQrEvents(deps, EVENTS, 'wrong', () => undefined, new AbortController().signal)).rejects.toEqual(
      new QrEventsRefused(404),
    );
  });
});
