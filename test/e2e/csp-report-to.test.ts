/**
 * Violation reports over HTTPS, as in production (issue 10 §5): there the pages' policy also names
 * `report-to`, and Chromium sends its reports through the Reporting API (`application/reports+json`,
 * to the endpoint of `Reporting-Endpoints`) instead of `report-uri`. The built server runs behind a
 * TLS proxy with a certificate made for the test; PUBLIC_URL is the proxy's https:// origin.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, get as httpsGet, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPageFor } from '../support/browser.js';
import { text, waitForHeading } from '../support/flows.js';
import { freePort, startServer, type ServerProcess } from '../support/server-process.js';

let dir: string;
let certificate: Buffer;
let server: ServerProcess;
let proxy: Server;
let browser: Browser;
let origin: string;

/** Forwards every request, its Host header included, to the server's plain-http port. */
function tlsProxy(key: Buffer, cert: Buffer, upstreamPort: number): Server {
  return createServer({ key, cert }, (incoming, outgoing) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: upstreamPort, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
}

/** A GET through the proxy that trusts the test's certificate and nothing else. */
function getThroughProxy(
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    httpsGet(`${origin}${path}`, { ca: certificate }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kirish-csp-https-'));
  // A self-signed certificate for localhost made for this test alone (valid until 2126): no tool
  // is needed to make one on the machine that runs the tests.
  certificate = readFileSync(new URL('../support/tls/localhost.cert.pem', import.meta.url));
  const proxyPort = await freePort();
  origin = `https://localhost:${proxyPort}`;
  server = await startServer({ DATABASE_URL: `sqlite:${join(dir, 'kirish.db')}`, PUBLIC_URL: origin }, 'localhost');
  proxy = tlsProxy(
    readFileSync(new URL('../support/tls/localhost.key.pem', import.meta.url)),
    certificate,
    Number(new URL(server.origin).port),
  );
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  // The certificate is the test's own; the Reporting API's usual minute of delay is cut short.
  browser = await launchBrowser(['--ignore-certificate-errors', '--short-reporting-delay']);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('the pages’ policy over HTTPS', () => {
  it('names report-to beside report-uri, and the endpoint in Reporting-Endpoints', async () => {
    const page = await getThroughProxy('/login');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/; report-uri \/csp-report; report-to csp$/);
    expect(page.headers['reporting-endpoints']).toBe('csp="/csp-report"');
  });

  it('gets an injected script’s violation reported through the Reporting API', async () => {
    const { page, context } = await newPageFor(browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${origin}/login`);
    await waitForHeading(page, text('login_title'));
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.pwned = 1';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return (window as unknown as { pwned?: unknown }).pwned;
    });
    expect(ran).toBeUndefined();
    await expect
      .poll(async () => JSON.parse((await getThroughProxy('/dev/csp-reports')).body) as unknown[], { timeout: 15_000 })
      .toEqual([
        expect.objectContaining({
          site: 'sso',
          format: 'reports+json',
          document: `${origin}/login`,
          directive: 'script-src-elem',
          blocked: 'inline',
          sample: 'window.pwned = 1',
        }),
      ]);
    await context.close();
  });
});
