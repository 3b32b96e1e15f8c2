/**
 * The browser's wait for its request by QR (GET …/login-requests/{id}/events, contract/qr-login.ts):
 * server-sent events (WHATWG HTML §9.2) until a final one, or a long poll for proxies that buffer
 * streams. Both read the database (services/qr-login.ts), so the approval may come to any instance.
 */
import { QR_EVENTS_HEARTBEAT_SECONDS, QR_EVENTS_LONG_POLL_SECONDS } from '../../config/policy.js';
import type { QrLoginEvent } from '../../contract/qr-login.js';
import { ApiError } from '../../lib/api-error.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { FINAL_QR_EVENTS, type QrLoginService } from '../../services/qr-login.js';

/** Another reader took the approval's tokens: this one gets none of them. */
const taken = () => new ApiError(409, [{ error: 'qr_request_closed' }]);

/** One JSON answer: the first state other than `after`, or `after` itself after QR_EVENTS_LONG_POLL_SECONDS. */
export async function longPoll(
  qr: QrLoginService,
  id: string,
  meta: RequestMeta,
  after: 'pending' | 'scanned',
  abort: AbortSignal,
): Promise<QrLoginEvent> {
  const result = await qr.watch(id, meta, (event) => event.state !== after, QR_EVENTS_LONG_POLL_SECONDS * 1000, abort);
  if (result === 'taken') throw taken();
  return result === 'timeout' ? { state: after } : result;
}

const encoder = new TextEncoder();
const eventText = (event: QrLoginEvent) => `event: ${event.state}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * The event stream: the state now, then each change, a comment line every QR_EVENTS_HEARTBEAT_SECONDS
 * (no proxy closes it as idle), and the end after a final event. `X-Accel-Buffering: no` asks nginx
 * not to buffer it; `no-store` keeps the tokens it may carry out of every cache (RFC 6749 §5.1).
 */
export async function eventStream(qr: QrLoginService, id: string, meta: RequestMeta): Promise<Response> {
  const abort = new AbortController();
  // The first event is read before the answer starts: tokens taken already are a 409, not an empty stream.
  const first = await qr.watch(id, meta, () => true, 0, abort.signal);
  if (first === 'taken' || first === 'timeout') throw taken();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (!abort.signal.aborted) controller.enqueue(encoder.encode(text));
      };
      try {
        let last = first;
        send(eventText(last));
        while (!FINAL_QR_EVENTS.has(last.state) && !abort.signal.aborted) {
          const seen = last.state;
          const next = await qr.watch(
            id,
            meta,
            (event) => event.state !== seen,
            QR_EVENTS_HEARTBEAT_SECONDS * 1000,
            abort.signal,
          );
          // Another reader took the tokens: this stream ends with nothing of them.
          if (next === 'taken') break;
          if (next === 'timeout') {
            send(': heartbeat\n\n');
            continue;
          }
          last = next;
          send(eventText(last));
        }
      } catch {
        // The database failed mid-stream: the stream ends, and the browser's reconnection asks again.
      }
      if (!abort.signal.aborted) controller.close();
    },
    cancel() {
      abort.abort();
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}
