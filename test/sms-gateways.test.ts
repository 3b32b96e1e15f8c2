/**
 * The SMS gateways on `npm start` (issue 37, docs/deploy.md, SMS gateways): the built server sends a phone's
 * code through the Eskiz stand-in, and once Eskiz is switched to failing, the next one through Play Mobile's;
 * both deliveries come back as reports and are in the metrics. A delivery reported failed lets the person ask
 * for a new code at once.
 */
import { describe, expect, it } from 'vitest';
import { apiClient, V1 } from './support/api.js';
import { latestCode } from './support/outbox.js';
import { freePort, outputSeen, useServer, type ServerProcess } from './support/server-process.js';

const REPORT_ROUTE = '/sso/api/v1/sms/reports/:gateway/:secret/';
let metricsOrigin: string;

const kirish = useServer('kirish-sms-', async () => {
  const metricsPort = await freePort();
  metricsOrigin = `http://127.0.0.1:${metricsPort}`;
  return { METRICS_PORT: String(metricsPort) };
});

/** Resolves once the server has logged `count` delivery reports in all (each comes a moment after its SMS). */
const reportsLogged = (server: ServerProcess, count: number) =>
  outputSeen(server, `"route":"${REPORT_ROUTE}","status":200`, `${count} delivery reports`, count);

async function metric(series: string): Promise<number> {
  const text = await (await fetch(`${metricsOrigin}/metrics`)).text();
  const line = text.split('\n').find((exposed) => exposed.startsWith(`${series} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

async function switchGateway(gateway: 'eskiz' | 'playmobile', mode: 'ok' | 'fail' | 'undelivered') {
  const answer = await fetch(`${kirish.server.smsStandinOrigin}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ gateway, mode }),
  });
  expect(answer.status).toBe(200);
}

describe('the SMS gateways on npm start', () => {
  it('send through Eskiz, then through Play Mobile once Eskiz fails, and count both deliveries', async () => {
    const api = apiClient(kirish.server.origin);
    const first = '+998901110001';
    expect(
      (await api.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: first })).status,
    ).toBe(200);
    expect(await latestCode(kirish.server.origin, first)).toMatch(/^\d{6}$/);
    await reportsLogged(kirish.server, 1);
    expect(await metric('kirish_sms_sent_total{gateway="eskiz"}')).toBe(1);
    expect(await metric('kirish_sms_delivered_total{gateway="eskiz"}')).toBe(1);

    await switchGateway('eskiz', 'fail');
    const second = '+998901110002';
    expect(
      (await api.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: second })).status,
    ).toBe(200);
    expect(await latestCode(kirish.server.origin, second)).toMatch(/^\d{6}$/);
    await reportsLogged(kirish.server, 2);
    expect(await metric('kirish_sms_failovers_total{gateway="eskiz"}')).toBe(1);
    expect(await metric('kirish_sms_sent_total{gateway="playmobile"}')).toBe(1);
    expect(await metric('kirish_sms_delivered_total{gateway="playmobile"}')).toBe(1);
    expect(await metric('kirish_sms_delivery_seconds_count{gateway="playmobile"}')).toBe(1);
    await switchGateway('eskiz', 'ok');
  }, 30_000);

  it('lets a person whose code was reported undelivered ask again at once', async () => {
    const api = apiClient(kirish.server.origin);
    const phone = '+998901110003';
    const section = { type: 'login_sms_verification', phone };
    await switchGateway('eskiz', 'undelivered');
    const reportsBefore = kirish.server.output().split(`"route":"${REPORT_ROUTE}","status":200`).length - 1;
    expect((await api.post(`${V1}/auth/SendAuthSmsVerification/`, section)).status).toBe(200);
    await reportsLogged(kirish.server, reportsBefore + 1);
    expect(await metric('kirish_sms_failed_total{gateway="eskiz"}')).toBe(1);
    await switchGateway('eskiz', 'ok');
    expect((await api.post(`${V1}/auth/SendAuthSmsVerification/`, section)).status).toBe(200);
  }, 30_000);
});
