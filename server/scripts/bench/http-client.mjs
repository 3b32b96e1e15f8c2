/** The HTTP client: one POST over a keep-alive agent, the checks of the answers, the demo account's login. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export const API = '/sso/api/v1';
export const REFRESH_PATH = `${API}/TokenRefresh/`;
const LOGIN_PATH = `${API}/login/LoginUser/`;
const DEMO_LOGIN = { phone: '+998901234567', password: 'Samarqand-Buxoro-2026', save: true };

const REQUEST_TIMEOUT_MS = 30_000;

/** One POST; resolves (never rejects) with the status (or an error code) and the parsed body. */
export function post(agent, port, path, payload) {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const finish = (status, json) => {
      if (settled) return;
      settled = true;
      const ended = performance.now();
      resolve({ status, json, started, ended, ms: ended - started });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', (error) => finish(error.code ?? 'response_error'));
        res.on('end', () => {
          let json;
          if (res.statusCode === 200) {
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              finish('bad_json');
              return;
            }
          }
          finish(res.statusCode, json);
        });
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(Object.assign(new Error('request timed out'), { code: 'timeout' })),
    );
    req.on('error', (error) => finish(error.code ?? 'request_error'));
    req.end(body);
  });
}

export const isTokenPair = (json) => typeof json?.access === 'string' && typeof json?.refresh === 'string';
const isLoginResponse = (json) =>
  isTokenPair(json) && typeof json.user_uuid === 'string' && 'has_phone' in json && 'session' in json;

/** A 200 whose body lacks the expected fields counts as a failure under its own label. */
export function outcome(result, valid) {
  if (result.status === 200 && !valid(result.json)) return { ...result, status: 'bad_body' };
  return result;
}

/** A password login to `account` (a LoginUser body), the demo account's by default. */
export async function login(agent, port, account = DEMO_LOGIN) {
  return outcome(await post(agent, port, LOGIN_PATH, account), isLoginResponse);
}
