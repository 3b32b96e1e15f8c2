import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, useTestServer, V1, type TestServer } from '../../test-support/test-server.js';

const TOKEN = 'scrape-token-0123456789-abcdefghij';
const PHONE = '+998991234577';

async function scrape(target: TestServer, authorization = `Bearer ${TOKEN}`) {
  return target.call('GET', '/metrics', { headers: { authorization } });
}

/** The value of one series in the exposition, 0 when it is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics on the main port (METRICS_TOKEN set, no METRICS_PORT)', () => {
  const server = useTestServer({ env: { METRICS_TOKEN: TOKEN } });

  it('answers only to the bearer token, and the same 404 as a missing path otherwise', async () => {
    const missing = await server.call('GET', '/no-such-thing');
    for (const authorization of [
      '',
      'Bearer wrong-token-0123456789-abcdefghij',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const refused = await scrape(server, authorization);
      expect(refused.status).toBe(404);
      expect(refused.json).toEqual(missing.json);
    }
    const scraped = await scrape(server, `bearer ${TOKEN}`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(scraped.text).toContain('# TYPE kirish_http_requests_total counter');
  });

  it('counts sign-ins by method and outcome, lockouts, codes sent, refreshes and requests by route', async () => {
    const tokens = await server.registerByPhone(PHONE);
    const before = (await scrape(server)).text;
    expect(sample(before, 'kirish_codes_sent_total{channel="sms"}')).toBe(1);

    const login = `${V1}/login/LoginUser/`;
    expect((await server.post(`${login}?phone=${PHONE}`, { phone: PHONE, password: STRONG_PASSWORD })).status).toBe(
      200,
    );
    for (let i = 0; i < 3; i++)
      expect((await server.post(login, { phone: PHONE, password: 'wrong-password-1' })).status).toBe(400);
    // The third failure locked the account (LOGIN_THROTTLE_ACCOUNT: 3 free failures); the next try is refused unchecked.
    expect((await server.post(login, { phone: PHONE, password: STRONG_PASSWORD })).status).toBe(429);
    expect((await server.post(`${V1}/login/LoginOtp/`, { phone: PHONE, code: '000000' })).status).toBe(400);
    const refreshed = await server.post(`${V1}/TokenRefresh/`, { refresh: tokens.refresh });
    expect(refreshed.status).toBe(200);
    expect((await server.post(`${V1}/TokenRefresh/`, { refresh: 'no-such-token' })).status).toBe(401);

    const after = (await scrape(server)).text;
    const change = (series: string) => sample(after, series) - sample(before, series);
    expect(change('kirish_sign_ins_total{method="password",outcome="success"}')).toBe(1);
    expect(change('kirish_sign_ins_total{method="password",outcome="failure"}')).toBe(3);
    expect(change('kirish_sign_ins_total{method="password",outcome="locked"}')).toBe(1);
    expect(change('kirish_sign_ins_total{method="code",outcome="failure"}')).toBe(1);
    expect(change('kirish_lockouts_total{scope="account"}')).toBe(1);
    expect(change('kirish_refreshes_total{outcome="success"}')).toBe(1);
    expect(change('kirish_refreshes_total{outcome="invalid"}')).toBe(1);
    // By the route's pattern, the query string no part of it.
    expect(
      change('kirish_http_requests_total{method="POST",route="/sso/api/v1/login/LoginUser/",status_class="2xx"}'),
    ).toBe(1);
    expect(
      change('kirish_http_requests_total{method="POST",route="/sso/api/v1/login/LoginUser/",status_class="4xx"}'),
    ).toBe(4);
    expect(
      change(
        'kirish_http_request_duration_seconds_count{method="POST",route="/sso/api/v1/login/LoginUser/",status_class="4xx"}',
      ),
    ).toBe(4);
    expect(after).not.toContain(PHONE);
  });

  it('counts a replayed refresh token as reuse', async () => {
    const tokens = await server.registerByPhone(PHONE);
    expect((await server.post(`${V1}/TokenRefresh/`, { refresh: tokens.refresh })).status).toBe(200);
    // Past the grace window a second presentation of the rotated token is reuse: the family ends.
    server.clock.advanceSeconds(60);
    expect((await server.post(`${V1}/TokenRefresh/`, { refresh: tokens.refresh })).status).toBe(401);
    expect(sample((await scrape(server)).text, 'kirish_refreshes_total{outcome="reuse_detected"}')).toBe(1);
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  const plain = useTestServer();
  it('has no /metrics on the main port', async () => {
    expect((await scrape(plain)).status).toBe(404);
  });
});
