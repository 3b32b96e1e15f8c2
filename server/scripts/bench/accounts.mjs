/**
 * The accounts the login phase signs in to. Real sign-in traffic is many people each signing in to
 * their own account; the per-account throttle (services/login-throttle.ts) lets only a few attempts
 * at one account be under way at once, so logins to one account all day would measure how the
 * waiting attempts are handed that account's turn, not how many logins the servers can do.
 *
 * Each account is made the way a person makes one: a code by SMS (read from the dev outbox),
 * checked, then RegisterUser with a password.
 */
import http from 'node:http';
import { API, post } from './http-client.mjs';

const PASSWORD = 'Samarqand-Buxoro-2026';

/** The k-th bench account's phone: +998 93 000 00 00 onwards (the demo account is +998 90 123 45 67). */
const phoneOf = (k) => `+99893${String(k).padStart(7, '0')}`;

async function outboxCode(port, phone) {
  const response = await fetch(`http://127.0.0.1:${port}/dev/outbox?to=${encodeURIComponent(phone)}`, {
    headers: { accept: 'application/json' },
  });
  const messages = response.ok ? await response.json().catch(() => []) : [];
  const code = messages.find((message) => message.code)?.code;
  if (!code) throw new Error(`the dev outbox has no code for ${phone} (status ${response.status})`);
  return code;
}

/** Registers one account over the API of the instance on `port`; its login body. */
async function register(agent, port, k) {
  const phone = phoneOf(k);
  const section = { type: 'login_sms_verification', phone };
  const fail = (step, status) => new Error(`bench account ${phone}: ${step} answered ${status}`);
  const sent = await post(agent, port, `${API}/auth/SendAuthSmsVerification/`, section);
  if (sent.status !== 200) throw fail('SendAuthSmsVerification', sent.status);
  const checked = await post(agent, port, `${API}/auth/CheckAuthSmsVerification/`, {
    ...section,
    code: await outboxCode(port, phone),
  });
  if (checked.status !== 200) throw fail('CheckAuthSmsVerification', checked.status);
  const registered = await post(agent, port, '/sso/api/v2/register/RegisterUser/', {
    request_id: checked.json.request_id,
    password: PASSWORD,
    first_name: 'Bench',
    last_name: 'Hisob',
    kind: 2,
  });
  if (registered.status !== 201) throw fail('RegisterUser', registered.status);
  return { phone, password: PASSWORD, save: true };
}

/**
 * `count` accounts, made one after another over the first instance; each phase that logs in takes
 * them in turn. The codes come from one address, within its hourly cap (OTP_HOURLY_CAP_PER_IP).
 */
export async function registerAccounts(ports, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const accounts = [];
    for (let k = 0; k < count; k++) accounts.push(await register(agent, ports[0], k));
    return accounts;
  } finally {
    agent.destroy();
  }
}

/** The accounts taken in turn, attempt by attempt. */
export function inTurn(accounts) {
  let next = 0;
  return () => accounts[next++ % accounts.length];
}
