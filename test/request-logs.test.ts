/**
 * The built server's logs over a whole run (issue 13, docs/deploy.md, Logs): one JSON line per
 * request with its id, method, route pattern, status and duration — and nowhere in the output a
 * password, a code, a token, an authorization code, the full phone number or the full e-mail. Also
 * the metrics on their own port (METRICS_PORT): there and only there.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiClient, V1, type Answer } from './support/api.js';
import { latestCode } from './support/outbox.js';
import { freePort, outputSeen, useServer } from './support/server-process.js';

const PHONE = '+998977001122';
const EMAIL = 'nodira.karimova@example.uz';
const PASSWORD = 'Amudaryo-Orol-Nukus-1932';
const CLIENT_ID = 'kirish-demo';

/** Outside production the delivery reports' secret is the published development one (README, SMS_REPORT_SECRET). */
const SMS_REPORT_SECRET = 'kirish-development-sms-report-secret';
const REPORT_ROUTE = '/sso/api/v1/sms/reports/:gateway/:secret/';

let metricsOrigin: string;

/** Resolves when the server has logged a delivery report's request (each comes a moment after its SMS). */
const kirish = useServer('kirish-logs-', async () => {
  const metricsPort = await freePort();
  metricsOrigin = `http://127.0.0.1:${metricsPort}`;
  return { METRICS_PORT: String(metricsPort) };
});

/** A full run through the API, returning every secret it saw. */
async function fullRun(): Promise<{ secrets: string[]; requestIds: string[] }> {
  const api = apiClient(kirish.server.origin);
  const secrets: string[] = [PASSWORD];
  const requestIds: string[] = [];
  const expectOk = (answer: Answer, status = 200): Answer => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);
    requestIds.push(answer.headers.get('x-request-id') ?? '');
    return answer;
  };
  const codeFor = async (to: string) => {
    const code = await latestCode(kirish.server.origin, to);
    secrets.push(code);
    return code;
  };

  // Registration by phone with the dev outbox's code.
  const section = { type: 'login_sms_verification', phone: PHONE };
  expectOk(await api.post(`${V1}/auth/SendAuthSmsVerification/`, section));
  const checked = expectOk(
    await api.post(`${V1}/auth/CheckAuthSmsVerification/`, { ...section, code: await codeFor(PHONE) }),
  );
  secrets.push(checked.json.request_id);
  const registered = expectOk(
    await api.post('/sso/api/v2/register/RegisterUser/', {
      request_id: checked.json.request_id,
      password: PASSWORD,
      first_name: 'Nodira',
      last_name: 'Karimova',
      kind: 2,
    }),
    201,
  );
  secrets.push(registered.json.access, registered.json.refresh);

  // Password sign-in, a refresh, a code sign-in.
  const login = expectOk(await api.post(`${V1}/login/LoginUser/`, { phone: PHONE, password: PASSWORD }));
  const refreshed = expectOk(await api.post(`${V1}/TokenRefresh/`, { refresh: login.json.refresh }));
  secrets.push(login.json.access, login.json.refresh, refreshed.json.access, refreshed.json.refresh);
  const access = refreshed.json.access as string;

  // An e-mail change with its code (and the step-up proof by password it needs).
  const proof = expectOk(await api.post(`${V1}/user/security/proof/`, { password: PASSWORD }, access));
  secrets.push(proof.json.proof);
  const emailSection = { type: 'email_verification', email: EMAIL };
  expectOk(await api.post(`${V1}/auth/SendAuthEmailVerification/`, emailSection, access));
  const emailChecked = expectOk(
    await api.post(`${V1}/auth/CheckAuthEmailVerification/`, { ...emailSection, code: await codeFor(EMAIL) }, access),
  );
  secrets.push(emailChecked.json.request_id);
  expectOk(
    await api.post(
      `${V1}/user/change-email/`,
      { proof: proof.json.proof, request_id: emailChecked.json.request_id },
      access,
    ),
  );

  // A code sign-in, by the new e-mail (its purpose has had no code yet, so no cooldown).
  const signInSection = { type: 'confirm_email_or_phone', email: EMAIL };
  expectOk(await api.post(`${V1}/auth/SendAuthEmailVerification/`, signInSection));
  const byCode = expectOk(await api.post(`${V1}/login/LoginOtp/`, { email: EMAIL, code: await codeFor(EMAIL) }));
  secrets.push(byCode.json.access, byCode.json.refresh);

  // OAuth: authorize with PKCE through the SPA's call, then the code at the token endpoint (query and form).
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${kirish.server.demoOrigin}/callback`;
  const authorized = expectOk(
    await api.post(
      `${V1}/oauth/authorize/`,
      {
        client_id: CLIENT_ID,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile phone email',
        state: 'state-logs',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        nonce: 'nonce-logs',
        consent: 'allow',
      },
      byCode.json.access,
    ),
  );
  const code = new URL(authorized.json.redirect_uri as string).searchParams.get('code') ?? '';
  secrets.push(code, verifier);
  const tokens = expectOk(
    await api.postForm(`${V1}/oauth/token/`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }),
  );
  secrets.push(tokens.json.access_token, tokens.json.refresh_token, tokens.json.id_token);
  expectOk(await api.get(`${V1}/oauth/userinfo/`, tokens.json.access_token));
  // A wrong password and an unknown route, with secrets in the query string.
  expect(
    (await api.post(`${V1}/login/LoginUser/?password=${PASSWORD}`, { phone: PHONE, password: 'Not-the-password-1' }))
      .status,
  ).toBe(400);
  expect(
    (await api.get(`${V1}/no-such-route/${encodeURIComponent(EMAIL)}?phone=${encodeURIComponent(PHONE)}`)).status,
  ).toBe(404);
  return { secrets: secrets.filter((secret) => secret.length >= 6), requestIds };
}

describe('the logs of a whole run', () => {
  it('hold one JSON line per request with its fields, and no secret and no full contact anywhere', async () => {
    const { secrets, requestIds } = await fullRun();
    // The phone's codes went through the Eskiz stand-in, which reports their delivery a moment later (issue 37):
    // its report's line, and the secret in the report's address nowhere.
    await outputSeen(kirish.server, `"route":"${REPORT_ROUTE}"`, 'a delivery report');
    secrets.push(SMS_REPORT_SECRET);
    // Requests are logged after their answers go out: give the last line a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const output = kirish.server.output();

    for (const secret of secrets)
      expect(output, `a secret of ${secret.length} characters is in the logs`).not.toContain(secret);
    expect(output).not.toContain(PHONE.slice(1));
    expect(output).not.toContain(EMAIL);
    expect(output.toLowerCase()).not.toContain(EMAIL.split('@')[0]);

    const lines = output.split('\n').filter((line) => line.trim() !== '');
    // Only the start banner is for people; every other line is JSON.
    const human = lines.filter((line) => !line.startsWith('{'));
    expect(
      human.every((line) =>
        /^(Kirish SSO|Demo partner site|Stand-in providers|Stand-in SMS|Payment sandbox|Dev outbox|Demo account|Database|Metrics): /.test(
          line,
        ),
      ),
      human.join('\n'),
    ).toBe(true);
    const records = lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = records.filter((record) => record.msg === 'request');
    for (const request of requests) {
      expect(request).toEqual({
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        level: 'info',
        msg: 'request',
        request_id: expect.stringMatching(/^[\w.-]{8,64}$/),
        method: expect.stringMatching(/^(GET|POST)$/),
        route: expect.stringMatching(/^(\/|\(unmatched\))/),
        status: expect.any(Number),
        duration_ms: expect.any(Number),
      });
    }
    // Every answer of the run has its line, found by its X-Request-Id.
    const logged = new Set(requests.map((request) => request.request_id));
    expect(requestIds.filter((id) => !logged.has(id))).toEqual([]);
    const routes = new Set(
      requests.map((request) => `${String(request.method)} ${String(request.route)} ${String(request.status)}`),
    );
    expect(routes).toContain('POST /sso/api/v1/login/LoginUser/ 200');
    expect(routes).toContain('POST /sso/api/v1/login/LoginUser/ 400');
    expect(routes).toContain('POST /sso/api/v1/oauth/token/ 200');
    expect(routes).toContain('GET /dev/outbox 200');
    expect(routes).toContain(`POST ${REPORT_ROUTE} 200`);
  }, 60_000);

  it('answers the probes on the main port only, not on the demo site', async () => {
    expect((await fetch(`${kirish.server.origin}/healthz`)).status).toBe(200);
    for (const path of ['/healthz', '/readyz', '/metrics'])
      expect((await fetch(`${kirish.server.demoOrigin}${path}`)).status).toBe(404);
  });

  it('serves the metrics on METRICS_PORT only', async () => {
    const scraped = await fetch(`${metricsOrigin}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/^kirish_sign_ins_total\{method="password",outcome="success"\} \d+$/m);
    expect(text).toMatch(/^kirish_codes_sent_total\{channel="email"\} \d+$/m);
    // Between requests no hash runs or waits (PASSWORD_HASH_CONCURRENCY, lib/passwords.ts).
    expect(text).toMatch(/^kirish_password_hashes\{state="running"\} 0\nkirish_password_hashes\{state="waiting"\} 0$/m);
    expect((await fetch(`${kirish.server.origin}/metrics`)).status).toBe(404);
    expect(
      (
        await fetch(`${kirish.server.origin}/metrics`, {
          headers: { authorization: 'Bearer anything-at-all-0123456789abcdef' },
        })
      ).status,
    ).toBe(404);
  });
});
