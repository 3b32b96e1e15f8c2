/**
 * Reading a QR request's events (docs/api.md, Sign-in by QR): server-sent events read with fetch and a
 * stream reader, because EventSource cannot send the `X-Qr-Secret` header (WHATWG HTML §9.2: its only
 * option is withCredentials) and the secret must stay out of the URL. When the answer is not a stream
 * (a proxy that strips it), the stream stays silent past the server's heartbeat (a proxy that buffers it)
 * or it ends with nothing final, the long poll of
 * the same endpoint (`?wait=long&after=`) takes over, one JSON event per call.
 */
import { QR_SECRET_HEADER, type QrLoginEvent } from '../../../server/src/contract/qr-login.js';

export interface QrEventsDeps {
  fetch: typeof fetch;
  /** Sent with every call (Device-Id, Accept-Language), as the site's other calls. */
  headers: () => Record<string, string>;
  /** How long a stream may stay silent before it is taken for a buffered one; STREAM_SILENCE_MS unless a test says. */
  silenceMs?: number;
}

/**
 * The server writes the state at once and a heartbeat every 15 s (docs/api.md, QR_EVENTS_HEARTBEAT_SECONDS):
 * a stream silent for longer is held by a proxy that buffers it, and the long poll takes over.
 */
export const STREAM_SILENCE_MS = 20_000;

const SILENT = Symbol('silent');

/** The reader's next chunk, or SILENT when none comes within `ms`. */
function nextChunk<T>(reader: ReadableStreamDefaultReader<T>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<typeof SILENT>((resolve) => {
    timer = setTimeout(() => resolve(SILENT), ms);
  });
  return Promise.race([reader.read(), silence]).finally(() => clearTimeout(timer));
}

const isFinal = (event: QrLoginEvent) => event.state !== 'pending' && event.state !== 'scanned';

/** Thrown when the server refused to read the events (a wrong secret, an unknown request): its status. */
export class QrEventsRefused extends Error {
  constructor(readonly status: number) {
    super(`QR events refused: ${status}`);
  }
}

/**
 * The events of one SSE stream (WHATWG HTML §9.2.6: events end at a blank line; `data:` lines join with
 * a line break; `event:`, `id:` and comments are not needed, the data says its state).
 */
export function parseEvents(buffer: string): { events: QrLoginEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: QrLoginEvent[] = [];
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data) events.push(JSON.parse(data) as QrLoginEvent);
  }
  return { events, rest };
}

/**
 * Calls `onEvent` for each event of request `url` (…/events) until a final one (approved, denied,
 * expired), which it returns. Stops quietly, returning undefined, when `signal` aborts.
 */
export async function followQrEvents(
  deps: QrEventsDeps,
  url: string,
  secret: string,
  onEvent: (event: QrLoginEvent) => void,
  signal: AbortSignal,
): Promise<QrLoginEvent | undefined> {
  /** The last state seen, which the long poll names so that it waits for a change. */
  let last: 'pending' | 'scanned' = 'pending';
  const seen = (event: QrLoginEvent) => {
    if (event.state === 'scanned') last = 'scanned';
    onEvent(event);
  };
  const call = (accept: string, target: string) =>
    deps.fetch(target, { headers: { ...deps.headers(), Accept: accept, [QR_SECRET_HEADER]: secret }, signal });
  try {
    const response = await call('text/event-stream', url);
    if (!response.ok) throw new QrEventsRefused(response.status);
    if (response.body && (response.headers.get('Content-Type') ?? '').startsWith('text/event-stream')) {
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const chunk = await nextChunk(reader, deps.silenceMs ?? STREAM_SILENCE_MS);
        if (chunk === SILENT) {
          void reader.cancel();
          break;
        }
        const { value, done } = chunk;
        if (done) break;
        const { events, rest } = parseEvents(buffer + value);
        buffer = rest;
        for (const event of events) {
          seen(event);
          if (isFinal(event)) {
            void reader.cancel();
            return event;
          }
        }
      }
    } else if (response.headers.get('Content-Type')?.includes('json')) {
      const event = (await response.json()) as QrLoginEvent;
      seen(event);
      if (isFinal(event)) return event;
    }
    // The long poll: each answer is the first state other than the last one seen (`after`), or that one
    // again after the server's wait.
    const base = `${url}${url.includes('?') ? '&' : '?'}wait=long`;
    for (;;) {
      const polled = await call('application/json', last === 'scanned' ? `${base}&after=scanned` : base);
      if (!polled.ok) throw new QrEventsRefused(polled.status);
      const event = (await polled.json()) as QrLoginEvent;
      if (event.state !== last) onEvent(event);
      if (isFinal(event)) return event;
      if (event.state === 'scanned') last = 'scanned';
    }
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  }
}
