/**
 * Outside production the metrics port, like the main one, answers only to its own names (issue 33):
 * a page that rebinds its name to 127.0.0.1 cannot read the metrics of a developer's machine.
 * The built server, METRICS_PORT on its default 127.0.0.1, reached over real sockets.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RawConnection } from './support/raw-http.js';
import { freePort, startServer, useServerFolder } from './support/server-process.js';

const folder = useServerFolder('kirish-metrics-host-');

async function scrape(port: number, host: string) {
  const connection = await RawConnection.open(`http://127.0.0.1:${port}`);
  try {
    const answer = await connection.send({ method: 'GET', target: '/metrics', headers: { host } });
    return { status: answer.status, text: answer.body.toString('utf8') };
  } finally {
    connection.destroy();
  }
}

describe('the metrics port outside production', () => {
  it('answers its own host:port and the loopback names of it, and refuses a rebound name with 421', async () => {
    const port = await freePort();
    folder.server = await startServer({
      DATABASE_URL: `sqlite:${join(folder.dir, 'kirish.db')}`,
      METRICS_PORT: String(port),
    });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const answer = await scrape(port, host);
      expect([answer.status, answer.text.includes('# TYPE kirish_http_requests_total counter')], host).toEqual([
        200,
        true,
      ]);
    }
    for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.1:${port + 1}`]) {
      const answer = await scrape(port, host);
      expect(answer, host).toEqual({
        status: 421,
        text: `Misdirected Request: this server answers to 127.0.0.1:${port} only\n`,
      });
    }
  }, 30_000);
});
