/**
 * A client that stops sending its report half way (the tab closed, the network dropped) is the
 * client's failure, not the server's: `/csp-report` answers it 400, logs no error or stack, and the
 * metrics count a 4xx, not a 5xx (docs/api.md, POST /csp-report). Over a real socket: only a real
 * connection can end before its declared body.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RawConnection } from './support/raw-http.js';
import { startServer, useServerFolder } from './support/server-process.js';

const TOKEN = 'scrape-token-0123456789-abcdefghij';
const folder = useServerFolder('kirish-csp-abort-');
const ROUTE = 'route="/csp-report"';

/** The process's log lines (JSON) about requests to the report endpoint, and every error line. */
function linesOf(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function until<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not seen in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /csp-report from a client that aborts its body', () => {
  it('is a 400 in the log and the metrics, with no error line and no stack, whether it declared a length or was chunked', async () => {
    const server = await startServer({ DATABASE_URL: `sqlite:${join(folder.dir, 'kirish.db')}`, METRICS_TOKEN: TOKEN });
    folder.server = server;
    const host = new URL(server.origin).host;
    const report =
      '{"csp-report":{"document-uri":"http://127.0.0.1/","violated-directive":"script-src","blocked-uri":"inline"}}';
    const heads = [
      // The length says 500 bytes more than ever come.
      `Content-Length: ${report.length + 500}\r\n\r\n${report}`,
      // One chunk, and never the last one.
      `Transfer-Encoding: chunked\r\n\r\n${report.length.toString(16)}\r\n${report}\r\n`,
    ];
    for (const [index, rest] of heads.entries()) {
      const connection = await RawConnection.open(server.origin);
      await connection.write(
        `POST /csp-report HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/csp-report\r\n${rest}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      connection.destroy();
      const lines = await until(() => {
        const seen = linesOf(server.output()).filter(
          (entry) => entry.msg === 'request' && entry.route === '/csp-report',
        );
        return seen.length > index ? seen : undefined;
      }, 5000);
      expect(lines[index]?.status, server.output()).toBe(400);
    }
    expect(linesOf(server.output()).filter((entry) => entry.level === 'error')).toEqual([]);
    expect(server.output()).not.toMatch(/\n\s+at /);

    const metrics = await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await metrics.text();
    expect(text).toContain(`kirish_http_requests_total{method="POST",${ROUTE},status_class="4xx"} 2`);
    expect(text).not.toContain(`kirish_http_requests_total{method="POST",${ROUTE},status_class="5xx"}`);
  }, 30_000);
});
