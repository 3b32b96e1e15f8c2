/**
 * The SMS gateways' configuration (issue 37, docs/deploy.md, SMS gateways), read by loadConfig (config.ts) with
 * the rest. `SMS_GATEWAYS` names the gateways in the order they are tried; each named gateway's variables are
 * required, and a missing one stops the start naming it. Unset: in production `generic` when SMS_GATEWAY_URL is
 * set (as before issue 37); outside production `eskiz,playmobile`, both at the SMS stand-in `npm start` serves on
 * SMS_STANDIN_PORT with its published development credentials, so a code goes through the Eskiz stand-in.
 */
import { SMS_GATEWAY_NAMES, isSmsGatewayName, type SmsGatewayName } from './sms-gateway-names.js';
import { ConfigError, fail, readBaseUrl, readStandinPort, readTrimmed as read, type Env } from './read-environment.js';

export interface EskizConfig {
  email: string;
  password: string;
  /** The sender name (`from`) approved in Eskiz's cabinet. */
  from: string;
  /** Where its endpoints are: `{baseUrl}/api/...`, no trailing slash. */
  baseUrl: string;
  /** The stand-in, with its development credentials (never in production). */
  standin: boolean;
}

export interface PlayMobileConfig {
  login: string;
  password: string;
  /** The sender name (`originator`) Play Mobile registered. */
  originator: string;
  /** Where `/broker-api/send` is, no trailing slash. */
  baseUrl: string;
  standin: boolean;
}

export interface SmsConfig {
  /** SMS codes go through these, in this order; empty outside production with SMS_GATEWAYS unset and none at all (never). */
  gateways: SmsGatewayName[];
  /** Voice-call codes (SMS_CALL_GATEWAY, only `generic` today); null outside production unless set: the dev outbox takes them. */
  callGateway: SmsGatewayName | null;
  eskiz?: EskizConfig;
  playmobile?: PlayMobileConfig;
  /** The generic HTTP gateway (SMS_GATEWAY_URL, docs/api.md Senders). */
  genericUrl?: string;
  /**
   * The secret in the delivery-report URL (SMS_REPORT_SECRET): required in production when a gateway that
   * reports (Eskiz, Play Mobile) is configured, a fixed development value outside it; null when reports are off.
   */
  reportSecret: string | null;
  /** Outside production, the port of the SMS stand-in (SMS_STANDIN_PORT); null in production. */
  standinPort: number | null;
}

const SMS_STANDIN_PORT_DEFAULT = 8084;
const STANDIN_HOST = '127.0.0.1';
/** Eskiz's real host (notify.eskiz.uz, docs/sms-gateways.md). Play Mobile gives each customer its address. */
const ESKIZ_REAL_BASE_URL = 'https://notify.eskiz.uz';
/** The gateways that post delivery reports back to Kirish; the generic one sends none. */
const REPORTING: readonly SmsGatewayName[] = ['eskiz', 'playmobile'];

/** The SMS stand-in's published development credentials (standin/sms/, docs/sms-gateways.md). */
export const STANDIN_ESKIZ = { email: 'kirish@standin.test', password: 'standin-eskiz', from: '4546' } as const;
export const STANDIN_PLAYMOBILE = { login: 'kirish', password: 'standin-playmobile', originator: '3700' } as const;
/** Published here: it guards the development reports only; production refuses to start without its own. */
export const DEVELOPMENT_SMS_REPORT_SECRET = 'kirish-development-sms-report-secret';
/** A secret in a URL path: letters, digits, - and _ only, and as long as the other server secrets. */
const REPORT_SECRET = /^[A-Za-z0-9_-]{32,}$/;

/** The path of a gateway's delivery reports under PUBLIC_URL (features/sms-reports, docs/api.md). */
export const SMS_REPORTS_PATH = '/sso/api/v1/sms/reports';

/** The address `gateway` posts its delivery reports to: PUBLIC_URL, the path, the gateway, the secret. */
export function smsReportUrl(publicUrl: string, gateway: SmsGatewayName, secret: string): string {
  return `${publicUrl}${SMS_REPORTS_PATH}/${gateway}/${secret}/`;
}

function readGatewayList(env: Env): SmsGatewayName[] | undefined {
  const raw = read(env, 'SMS_GATEWAYS');
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((name) => name.trim().toLowerCase());
  const expected = `a comma-separated list of ${SMS_GATEWAY_NAMES.join(', ')}, each at most once (for example eskiz,playmobile)`;
  if (names.some((name) => !isSmsGatewayName(name)) || new Set(names).size !== names.length)
    fail('SMS_GATEWAYS', expected, raw);
  return names as SmsGatewayName[];
}

/**
 * A gateway's credentials, all or none: some set and one missing stops the start naming it. None set: in
 * production an error naming the first (the gateway was asked for), outside it null (the stand-in's).
 */
function readCredentials<K extends string>(
  env: Env,
  gateway: SmsGatewayName,
  variables: Record<K, string>,
  production: boolean,
): Record<K, string> | null {
  const entries = Object.entries(variables) as Array<[K, string]>;
  const values = entries.map(([, variable]) => read(env, variable));
  if (!production && values.every((value) => value === undefined)) return null;
  const missing = entries.find((_, index) => values[index] === undefined);
  if (missing)
    throw new ConfigError(
      `${missing[1]} must be set: SMS codes go through ${gateway} only with all of ${entries.map(([, variable]) => variable).join(', ')}${production ? '' : ' (unset them all to use the SMS stand-in)'}`,
    );
  return Object.fromEntries(entries.map(([key], index) => [key, values[index]])) as Record<K, string>;
}

function readReportSecret(env: Env, production: boolean, reporting: boolean): string | null {
  const raw = read(env, 'SMS_REPORT_SECRET');
  if (raw === undefined) {
    if (!production) return DEVELOPMENT_SMS_REPORT_SECRET;
    if (reporting)
      throw new ConfigError(
        'SMS_REPORT_SECRET must be set in production when Eskiz or Play Mobile is configured: at least 32 letters, digits, - or _ (openssl rand -hex 32); it authenticates their delivery reports',
      );
    return null;
  }
  // The message never quotes a secret: it would reach the log.
  if (!REPORT_SECRET.test(raw))
    throw new ConfigError(
      `SMS_REPORT_SECRET must be at least 32 letters, digits, - or _ (it is part of a URL path; got ${raw.length} characters)`,
    );
  if (production && raw === DEVELOPMENT_SMS_REPORT_SECRET)
    throw new ConfigError('SMS_REPORT_SECRET must not be the published development value in production');
  return raw;
}

/** Reads the SMS gateways' variables; `ports` are those the SMS stand-in must not take. */
export function readSmsConfig(env: Env, production: boolean, ports: number[]): SmsConfig {
  const standinPort = readStandinPort(env, production, 'SMS_STANDIN_PORT', SMS_STANDIN_PORT_DEFAULT, {
    ports,
    names: 'PORT, DEMO_PORT, STANDIN_PORT and METRICS_PORT',
  });
  const genericUrl = readGenericUrl(env);
  const gateways = readGatewayList(env) ?? (genericUrl || production ? ['generic' as const] : ['eskiz', 'playmobile']);
  if (gateways.includes('generic') && !genericUrl)
    fail(
      'SMS_GATEWAY_URL',
      production && read(env, 'SMS_GATEWAYS') === undefined
        ? 'set in production (SMS and call codes need a real gateway), or SMS_GATEWAYS naming eskiz or playmobile'
        : 'set when SMS_GATEWAYS names generic',
      '',
    );
  const callRaw = read(env, 'SMS_CALL_GATEWAY');
  // Eskiz's and Play Mobile's APIs send SMS only (docs/sms-gateways.md): their clients refuse a call.
  if (callRaw !== undefined && callRaw !== 'generic')
    fail(
      'SMS_CALL_GATEWAY',
      'generic, the one gateway that places calls (Eskiz and Play Mobile send SMS only)',
      callRaw,
    );
  const callGateway: SmsGatewayName | null = (callRaw as SmsGatewayName | undefined) ?? (genericUrl ? 'generic' : null);
  if (production && callGateway === null)
    fail(
      'SMS_CALL_GATEWAY',
      'set in production when SMS_GATEWAY_URL is not (voice-call codes need a gateway that calls, docs/deploy.md)',
      '',
    );
  const used = new Set<SmsGatewayName>([...gateways, ...(callGateway ? [callGateway] : [])]);
  const standinBase = (gateway: SmsGatewayName) => `http://${STANDIN_HOST}:${standinPort}/${gateway}`;
  const config: SmsConfig = {
    gateways,
    callGateway,
    reportSecret: readReportSecret(
      env,
      production,
      REPORTING.some((gateway) => used.has(gateway)),
    ),
    standinPort,
  };
  if (used.has('generic')) {
    if (!genericUrl) fail('SMS_GATEWAY_URL', 'set when SMS_CALL_GATEWAY names generic', '');
    config.genericUrl = genericUrl;
  }
  if (used.has('eskiz')) {
    const given = readCredentials(
      env,
      'eskiz',
      { email: 'ESKIZ_EMAIL', password: 'ESKIZ_PASSWORD', from: 'ESKIZ_FROM' },
      production,
    );
    const baseUrl = readBaseUrl(env, 'ESKIZ_BASE_URL', production);
    config.eskiz = given
      ? { ...given, baseUrl: baseUrl ?? ESKIZ_REAL_BASE_URL, standin: false }
      : { ...STANDIN_ESKIZ, baseUrl: baseUrl ?? standinBase('eskiz'), standin: baseUrl === undefined };
  }
  if (used.has('playmobile')) {
    const given = readCredentials(
      env,
      'playmobile',
      {
        login: 'PLAYMOBILE_LOGIN',
        password: 'PLAYMOBILE_PASSWORD',
        originator: 'PLAYMOBILE_ORIGINATOR',
      },
      production,
    );
    const baseUrl = readBaseUrl(env, 'PLAYMOBILE_BASE_URL', production);
    if (given && baseUrl === undefined)
      throw new ConfigError(
        'PLAYMOBILE_BASE_URL must be set: Play Mobile gives each customer the address of its broker API',
      );
    config.playmobile = given
      ? { ...given, baseUrl: baseUrl!, standin: false }
      : { ...STANDIN_PLAYMOBILE, baseUrl: baseUrl ?? standinBase('playmobile'), standin: baseUrl === undefined };
  }
  return config;
}

function readGenericUrl(env: Env): string | undefined {
  const raw = read(env, 'SMS_GATEWAY_URL');
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    fail('SMS_GATEWAY_URL', 'a URL with one of the schemes http: https:', raw);
  }
  return raw;
}

/** Whether `npm start` should serve the SMS stand-in: some gateway in use points at it. */
export function usesSmsStandin(sms: SmsConfig): boolean {
  return sms.standinPort !== null && Boolean(sms.eskiz?.standin || sms.playmobile?.standin);
}
