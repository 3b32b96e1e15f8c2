/**
 * One HTTP/1.1 connection over a plain `node:net` socket, for tests about what happens to the
 * connection itself: requests are written byte for byte (a declared length, a chunked body, an
 * absolute request line) and answers read off the same socket, so a test sees whether the next
 * request on it is still answered — which a pooling client (fetch, an Agent) would hide by quietly
 * opening another connection.
 */
import { connect, type Socket } from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target as written on the request line: a path, or an absolute URI. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
}

export interface RawAnswer {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

/** How a connection ended: the server's FIN, or a reset (or a failed write) on our side. */
export type ConnectionEnd = 'end' | 'reset';

const CHUNK_BYTES = 64 * 1024;

export class RawConnection {
  private received = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  private endedAs: ConnectionEnd | undefined;
  private readonly ended: Promise<ConnectionEnd>;
  /** Errors of our own writes (EPIPE when the server closed while the body was still going out). */
  readonly writeErrors: string[] = [];

  private constructor(
    private readonly socket: Socket,
    readonly host: string,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    this.ended = new Promise((resolve) => {
      socket.once('end', () => this.finish('end', resolve));
      socket.once('error', () => this.finish('reset', resolve));
      socket.once('close', () => this.finish('end', resolve));
    });
  }

  static open(origin: string): Promise<RawConnection> {
    const url = new URL(origin);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => resolve(new RawConnection(socket, url.host)));
      socket.once('error', reject);
    });
  }

  private finish(how: ConnectionEnd, resolve: (how: ConnectionEnd) => void): void {
    this.endedAs ??= how;
    resolve(this.endedAs);
    this.waiting?.();
  }

  /** Whether the server has ended the connection (or it was reset). */
  get isClosed(): boolean {
    return this.endedAs !== undefined;
  }

  /** Resolves when the connection ends, with how; rejects if it is still open after `timeoutMs`. */
  async closed(timeoutMs: number): Promise<ConnectionEnd> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`still open after ${timeoutMs} ms`)), timeoutMs)),
    );
    try {
      return await Promise.race([this.ended, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Writes the request and resolves with the answer read off this connection. Rejects when the
   * connection ends before a whole answer came, or none comes within `timeoutMs`.
   */
  async send(request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
    if (this.isClosed) throw new Error('the connection is closed');
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers: Record<string, string> = { host: this.host, ...request.headers };
    if (body !== undefined) {
      if (request.chunked) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(body.length);
    }
    const head = [
      `${request.method} ${request.target} HTTP/1.1`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    const onWritten = (error?: Error | null) => {
      if (error) this.writeErrors.push((error as NodeJS.ErrnoException).code ?? error.message);
    };
    this.socket.write(head, onWritten);
    if (body !== undefined) {
      for (let at = 0; at < body.length; at += CHUNK_BYTES) {
        const piece = body.subarray(at, at + CHUNK_BYTES);
        this.socket.write(
          request.chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece,
          onWritten,
        );
      }
      if (request.chunked) this.socket.write('0\r\n\r\n', onWritten);
    }
    return this.readAnswer(request.method, timeoutMs);
  }

  /**
   * Writes bytes as they are — part of a request, to hold it under way (the drain test) — and
   * resolves once they are handed to the socket.
   */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(data, (error) => (error ? reject(error) : resolve())));
  }

  /** The next whole answer on this connection, to a request written with write(). */
  receive(method = 'GET', timeoutMs = 10_000): Promise<RawAnswer> {
    return this.readAnswer(method, timeoutMs);
  }

  private async readAnswer(method: string, timeoutMs: number): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = this.parse(method);
      if (answer) return answer;
      if (this.isClosed)
        throw new Error(
          `the connection ended (${this.endedAs}) before a whole answer; got ${JSON.stringify(this.received.toString('latin1').slice(0, 200))}`,
        );
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no whole answer within ${timeoutMs} ms; got ${JSON.stringify(this.received.toString('latin1').slice(0, 200))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = undefined;
    }
  }

  /** Takes one whole answer off the front of what was received, or null if it has not all come yet. */
  private parse(method: string): RawAnswer | null {
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine = '', ...lines] = this.received.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const rest = this.received.subarray(headEnd + 4);
    let body: Buffer;
    let used: number;
    if (method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200)) {
      body = Buffer.alloc(0);
      used = 0;
    } else if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
      const pieces: Buffer[] = [];
      let at = 0;
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', at);
        if (lineEnd < 0) return null;
        const size = Number.parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        if (size === 0) {
          used = lineEnd + 4;
          break;
        }
        pieces.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(pieces);
    } else if (headers['content-length'] !== undefined) {
      used = Number(headers['content-length']);
      if (rest.length < used) return null;
      body = rest.subarray(0, used);
    } else {
      // Delimited by the close of the connection (RFC 9112 §6.3, the last rule).
      if (!this.isClosed) return null;
      used = rest.length;
      body = rest;
    }
    this.received = this.received.subarray(headEnd + 4 + used);
    return { status, headers, body: Buffer.from(body) };
  }

  destroy(): void {
    this.socket.destroy();
  }
}
