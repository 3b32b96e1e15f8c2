/**
 * Eskiz (notify.eskiz.uz) as Kirish speaks it (docs/sms-gateways.md, Eskiz): a JWT from a form login,
 * kept and reused until shortly before its `exp` or until a call answers 401, then renewed once (refresh,
 * else a new login) and the send retried once; the send is form-encoded; reports come back one per message.
 */
import { systemClock, type Clock } from '../lib/clock.js';
import {
  gatewayHttp,
  noCalls,
  isRecord,
  isSuccess,
  parseJson,
  phoneDigits,
  statusFailure,
  tashkentTime,
  type Fetch,
} from './gateway-http.js';
import { SendFailedError } from './sender.js';
import type { DeliveryReport, SmsGateway } from './sms-gateway.js';

export interface EskizConfig {
  /** `https://notify.eskiz.uz`, or the stand-in's `…/eskiz`; the real paths are appended. */
  baseUrl: string;
  email: string;
  password: string;
  /** The sender name Eskiz assigned to the account (`from`). */
  from: string;
}

export interface GatewayDeps {
  fetch?: Fetch;
  clock?: Clock;
  /** Each request's timeout: the chain passes it. */
  timeoutMs: number;
}

/**
 * Renew this long before the token's `exp`: a token read as live must still be live when Eskiz reads it,
 * whatever the skew between the two clocks and the time the send takes.
 */
const RENEW_BEFORE_EXPIRY_MS = 60_000;

interface Token {
  value: string;
  /** Epoch ms of the JWT's `exp`, or null when it has none (then it is kept until a 401). */
  expiresAt: number | null;
}

/** The JWT's `exp`, read without checking the signature: the token is Eskiz's to check, Kirish only times it. */
function expiryOf(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  const claims = parseJson(Buffer.from(payload, 'base64url').toString('utf8'));
  return isRecord(claims) && typeof claims.exp === 'number' ? claims.exp * 1000 : null;
}

function tokenOf(text: string): string | null {
  const body = parseJson(text);
  const data = isRecord(body) ? body.data : undefined;
  return isRecord(data) && typeof data.token === 'string' && data.token !== '' ? data.token : null;
}

const DELIVERED = new Set(['DELIVRD', 'DELIVERED']);
const FAILED = new Set(['UNDELIV', 'UNDELIVERED', 'EXPIRED', 'REJECTD', 'REJECTED', 'DELETED']);

/** A report's field as text: Eskiz writes ids as strings or numbers. */
function fieldText(value: unknown): string | null {
  return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null;
}

/** One Eskiz report (JSON, or the same fields form-encoded), or null when the body is not one. */
export function parseEskizReport(report: { contentType: string; body: string }): DeliveryReport[] | null {
  let fields: Record<string, unknown> | null = null;
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(report.contentType)) {
    fields = Object.fromEntries(new URLSearchParams(report.body));
  } else {
    // JSON whatever the content type says: the report is authenticated by its address, and its type is
    // our best understanding (docs/sms-gateways.md), so the body decides.
    const body = parseJson(report.body);
    fields = isRecord(body) ? body : null;
  }
  if (!fields) return null;
  const status = fieldText(fields.status)?.toUpperCase();
  const gatewayMessageId = fieldText(fields.request_id);
  const messageId = fieldText(fields.user_sms_id);
  if (!status || (!gatewayMessageId && !messageId)) return null;
  return [
    {
      gatewayMessageId,
      messageId,
      status: DELIVERED.has(status) ? 'delivered' : FAILED.has(status) ? 'failed' : 'pending',
      at: tashkentTime(fields.status_date),
    },
  ];
}

export function createEskizGateway(config: EskizConfig, deps: GatewayDeps): SmsGateway {
  const base = config.baseUrl.replace(/\/+$/, '');
  const clock = deps.clock ?? systemClock;
  const http = gatewayHttp('eskiz', 'Eskiz', deps.fetch ?? fetch, deps.timeoutMs);
  let token: Token | null = null;
  /** The renewal in flight: every send that needs a token meanwhile waits for this one. */
  let renewing: Promise<Token> | null = null;

  async function login(): Promise<Token> {
    const answer = await http.request(`${base}/api/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: config.email, password: config.password }),
    });
    // Eskiz in trouble, or asking to slow down, has not refused the credentials: the status tells which.
    if (answer.status >= 500 || answer.status === 429) throw statusFailure('eskiz', 'Eskiz login', answer.status);
    const value = isSuccess(answer.status) ? tokenOf(answer.text) : null;
    if (!value) throw new SendFailedError(`Eskiz refused the login (${answer.status})`, 'eskiz', 'login refused');
    return { value, expiresAt: expiryOf(value) };
  }

  /** `PATCH /api/auth/refresh` with the old token; null when Eskiz will not renew it (then a new login). */
  async function refresh(old: Token): Promise<Token | null> {
    const answer = await http.request(`${base}/api/auth/refresh`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${old.value}` },
    });
    const value = isSuccess(answer.status) ? tokenOf(answer.text) : null;
    return value ? { value, expiresAt: expiryOf(value) } : null;
  }

  /** Renews `stale` once for everyone: a send that comes after another already renewed it takes the new one. */
  function renew(stale: Token | null): Promise<Token> {
    if (token !== stale && token !== null) return Promise.resolve(token);
    renewing ??= (async () => {
      try {
        const fresh = (stale ? await refresh(stale) : null) ?? (await login());
        token = fresh;
        return fresh;
      } finally {
        renewing = null;
      }
    })();
    return renewing;
  }

  function live(current: Token | null): current is Token {
    return current !== null && (current.expiresAt === null || clock.now() < current.expiresAt - RENEW_BEFORE_EXPIRY_MS);
  }

  async function currentToken(): Promise<Token> {
    if (renewing) return renewing;
    return live(token) ? token : renew(token);
  }

  return {
    name: 'eskiz',
    async send(message) {
      if (message.channel !== 'sms') throw noCalls('eskiz', 'Eskiz');
      const fields = new URLSearchParams({
        mobile_phone: phoneDigits(message.to),
        message: message.text,
        user_sms_id: message.messageId,
      });
      // Without a sender name Eskiz sends from its default one.
      if (config.from) fields.set('from', config.from);
      if (message.callbackUrl) fields.set('callback_url', message.callbackUrl);
      const post = (used: Token) =>
        http.request(`${base}/api/message/sms/send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${used.value}` },
          body: fields,
        });
      let used = await currentToken();
      let answer = await post(used);
      if (answer.status === 401) {
        // Eskiz revoked the token or forgot it: renewed once, and the send tried once more.
        used = await renew(used);
        answer = await post(used);
      }
      if (!isSuccess(answer.status)) throw statusFailure('eskiz', 'Eskiz', answer.status);
      const body = parseJson(answer.text);
      const id = isRecord(body) ? body.id : undefined;
      return { gatewayMessageId: typeof id === 'string' || typeof id === 'number' ? String(id) : null };
    },
    parseReports: parseEskizReport,
  };
}
