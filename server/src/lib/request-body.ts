/**
 * A small request body, read once straight from Node's socket stream. The web `Request` a Hono
 * handler would otherwise read it through costs a stream, a reader and promises per request: about
 * a tenth of a token refresh's time in the server (issue 13, docs/benchmarks.md). The body limit
 * (middleware/body-limit.ts) reads the body here, before any route runs, and keeps its text on the
 * context; `requestText` hands it to the readers (lib/validation.ts, lib/form-body.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

const utf8 = new TextDecoder();

export type RequestBodyEnv = { Variables: { requestText: string } };

/** The body as text: what the body limit read, or, without a socket under the request (an in-process request, as in tests), the web Request's. */
export function requestText(c: Context): Promise<string> {
  const text = (c as Context<RequestBodyEnv>).get('requestText');
  return text === undefined ? c.req.text() : Promise.resolve(text);
}

export function keepRequestText(c: Context, text: string): void {
  (c as Context<RequestBodyEnv>).set('requestText', text);
}

/** The body's length as declared (0 without one, RFC 9112 §6.3), or undefined for a chunked body. */
export function declaredLength(incoming: IncomingMessage): number | undefined {
  if (incoming.headers['transfer-encoding'] !== undefined) return undefined;
  // Node has already refused a Content-Length that is not a number.
  return Number(incoming.headers['content-length'] ?? 0);
}

/**
 * Reads the whole body, or stops at the first byte past `maxBytes` and gives null (what is left
 * unread is the unread-body middleware's to settle). Decoded as the web Request's `text()` decodes
 * (WHATWG Encoding, "UTF-8 decode"): a leading BOM dropped, invalid bytes as U+FFFD.
 */
export function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: string | null) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        incoming.pause();
        finish(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => finish(utf8.decode(Buffer.concat(chunks, size)));
    const onError = (error: Error) => {
      incoming.off('data', onData).off('end', onEnd).off('close', onClose);
      reject(error);
    };
    // The client went away before the end: nobody is left to answer.
    const onClose = () => {
      if (!incoming.readableEnded) onError(new Error('request body closed before its end'));
    };
    incoming.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}
