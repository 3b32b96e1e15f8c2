/** The SMS gateways' variables (config/sms-config.ts, issue 37): defaults, production's requirements, refusals. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { configRefusal as refusal, type Env } from '../test-support/config-refusals.js';

const PRODUCTION: Env = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://id.kirish.uz',
  SMTP_URL: 'smtps://user:pass@smtp.kirish.uz:465',
  KEY_ENCRYPTION_SECRET: 'Yq3Nf0-production-secret-of-32-chars-or-more',
};
const SECRET = '9f1c2e7a4b6d8f0a1c3e5a7b9d1f3a5c';
const ESKIZ = { ESKIZ_EMAIL: 'ops@kirish.uz', ESKIZ_PASSWORD: 'eskiz-password', ESKIZ_FROM: 'Kirish' };
const PLAYMOBILE = {
  PLAYMOBILE_LOGIN: 'kirish',
  PLAYMOBILE_PASSWORD: 'playmobile-password',
  PLAYMOBILE_ORIGINATOR: 'Kirish',
  PLAYMOBILE_BASE_URL: 'https://send.smsxabar.uz/',
};
const BOTH_IN_PRODUCTION: Env = {
  ...PRODUCTION,
  ...ESKIZ,
  ...PLAYMOBILE,
  SMS_GATEWAYS: 'eskiz, playmobile',
  SMS_REPORT_SECRET: SECRET,
  SMS_GATEWAY_URL: 'https://calls.example.uz/send',
  SMS_CALL_GATEWAY: 'generic',
};

describe('the SMS gateways outside production', () => {
  it('go through the Eskiz stand-in, then the Play Mobile one, on SMS_STANDIN_PORT with their development credentials', () => {
    expect(loadConfig({}).sms).toEqual({
      gateways: ['eskiz', 'playmobile'],
      callGateway: null,
      eskiz: {
        email: 'kirish@standin.test',
        password: 'standin-eskiz',
        from: '4546',
        baseUrl: 'http://127.0.0.1:8084/eskiz',
        standin: true,
      },
      playmobile: {
        login: 'kirish',
        password: 'standin-playmobile',
        originator: '3700',
        baseUrl: 'http://127.0.0.1:8084/playmobile',
        standin: true,
      },
      reportSecret: 'kirish-development-sms-report-secret',
      standinPort: 8084,
    });
    expect(loadConfig({ SMS_STANDIN_PORT: '9084' }).sms.eskiz?.baseUrl).toBe('http://127.0.0.1:9084/eskiz');
  });

  it('go through SMS_GATEWAY_URL alone when it is set, as before, calls too', () => {
    const { sms } = loadConfig({ SMS_GATEWAY_URL: 'http://127.0.0.1:9999/send' });
    expect(sms).toMatchObject({
      gateways: ['generic'],
      callGateway: 'generic',
      genericUrl: 'http://127.0.0.1:9999/send',
    });
    expect(sms.eskiz).toBeUndefined();
  });

  it('take a gateway’s real credentials all or none', () => {
    expect(refusal({ ESKIZ_EMAIL: 'ops@kirish.uz' })).toMatch(/^ESKIZ_PASSWORD must be set/);
    expect(loadConfig({ ...ESKIZ, SMS_GATEWAYS: 'eskiz' }).sms.eskiz).toEqual({
      email: 'ops@kirish.uz',
      password: 'eskiz-password',
      from: 'Kirish',
      baseUrl: 'https://notify.eskiz.uz',
      standin: false,
    });
  });

  it('keep the stand-in off the other ports', () => {
    expect(refusal({ SMS_STANDIN_PORT: '8080' })).toMatch(/^SMS_STANDIN_PORT must be a port other than PORT/);
    expect(refusal({ SMS_STANDIN_PORT: '8082' })).toMatch(/^SMS_STANDIN_PORT must be a port other than/);
    expect(refusal({ SMS_STANDIN_PORT: 'x' })).toMatch(/^SMS_STANDIN_PORT must be a whole number/);
  });
});

describe('the SMS gateways in production', () => {
  it('are the generic gateway alone with SMS_GATEWAY_URL (as before issue 37), with no reports and no stand-in', () => {
    expect(loadConfig({ ...PRODUCTION, SMS_GATEWAY_URL: 'https://sms.example.uz/send' }).sms).toEqual({
      gateways: ['generic'],
      callGateway: 'generic',
      genericUrl: 'https://sms.example.uz/send',
      reportSecret: null,
      standinPort: null,
    });
  });

  it('read every named gateway’s variables, in the order SMS_GATEWAYS gives', () => {
    expect(loadConfig({ ...BOTH_IN_PRODUCTION, ESKIZ_BASE_URL: 'https://notify.eskiz.uz/' }).sms).toEqual({
      gateways: ['eskiz', 'playmobile'],
      callGateway: 'generic',
      genericUrl: 'https://calls.example.uz/send',
      eskiz: {
        email: 'ops@kirish.uz',
        password: 'eskiz-password',
        from: 'Kirish',
        baseUrl: 'https://notify.eskiz.uz',
        standin: false,
      },
      playmobile: {
        login: 'kirish',
        password: 'playmobile-password',
        originator: 'Kirish',
        baseUrl: 'https://send.smsxabar.uz',
        standin: false,
      },
      reportSecret: SECRET,
      standinPort: null,
    });
    expect(loadConfig({ ...BOTH_IN_PRODUCTION, SMS_GATEWAYS: 'playmobile,eskiz' }).sms.gateways).toEqual([
      'playmobile',
      'eskiz',
    ]);
  });

  it.each([
    [
      'ESKIZ_EMAIL',
      /^ESKIZ_EMAIL must be set: SMS codes go through eskiz only with all of ESKIZ_EMAIL, ESKIZ_PASSWORD, ESKIZ_FROM/,
    ],
    ['ESKIZ_PASSWORD', /^ESKIZ_PASSWORD must be set/],
    ['ESKIZ_FROM', /^ESKIZ_FROM must be set/],
    ['PLAYMOBILE_LOGIN', /^PLAYMOBILE_LOGIN must be set/],
    ['PLAYMOBILE_PASSWORD', /^PLAYMOBILE_PASSWORD must be set/],
    ['PLAYMOBILE_ORIGINATOR', /^PLAYMOBILE_ORIGINATOR must be set/],
    ['PLAYMOBILE_BASE_URL', /^PLAYMOBILE_BASE_URL must be set/],
    ['SMS_REPORT_SECRET', /^SMS_REPORT_SECRET must be set in production when Eskiz or Play Mobile is configured/],
    ['SMS_GATEWAY_URL', /^SMS_GATEWAY_URL must be set when SMS_CALL_GATEWAY names generic/],
  ])('refuse to start without %s, naming it', (variable, message) => {
    expect(refusal({ ...BOTH_IN_PRODUCTION, [variable]: undefined })).toMatch(message);
  });

  it('need a gateway for voice calls and a real one for SMS', () => {
    expect(refusal({ ...BOTH_IN_PRODUCTION, SMS_GATEWAY_URL: undefined, SMS_CALL_GATEWAY: undefined })).toMatch(
      /^SMS_CALL_GATEWAY must be set in production when SMS_GATEWAY_URL is not/,
    );
    expect(refusal(PRODUCTION)).toMatch(/^SMS_GATEWAY_URL must be set in production .*or SMS_GATEWAYS/);
    expect(refusal({ ...PRODUCTION, SMS_GATEWAYS: 'generic' })).toMatch(
      /^SMS_GATEWAY_URL must be set when SMS_GATEWAYS names generic/,
    );
  });

  it.each([
    [{ SMS_GATEWAYS: 'eskiz,beeline' }, /^SMS_GATEWAYS must be a comma-separated list of eskiz, playmobile, generic/],
    [{ SMS_GATEWAYS: 'eskiz,eskiz' }, /^SMS_GATEWAYS must be .*each at most once/],
    [{ SMS_CALL_GATEWAY: 'beeline' }, /^SMS_CALL_GATEWAY must be generic, the one gateway that places calls/],
    [{ SMS_CALL_GATEWAY: 'eskiz' }, /^SMS_CALL_GATEWAY must be generic, the one gateway that places calls/],
    [
      { SMS_REPORT_SECRET: 'short' },
      /^SMS_REPORT_SECRET must be at least 32 letters, digits, - or _ .*got 5 characters/,
    ],
    [{ SMS_REPORT_SECRET: `${SECRET}/x` }, /^SMS_REPORT_SECRET must be at least 32 letters/],
    [
      { SMS_REPORT_SECRET: 'kirish-development-sms-report-secret' },
      /^SMS_REPORT_SECRET must not be the published development value/,
    ],
    [{ ESKIZ_BASE_URL: 'http://notify.eskiz.uz' }, /^ESKIZ_BASE_URL must be an https:\/\/ URL/],
  ])('refuse %j', (env, message) => {
    expect(refusal({ ...BOTH_IN_PRODUCTION, ...env })).toMatch(message);
  });

  it('never quote the report secret in a refusal', () => {
    expect(refusal({ ...BOTH_IN_PRODUCTION, SMS_REPORT_SECRET: 'a-secret-that-is-short' })).not.toContain(
      'a-secret-that-is-short',
    );
  });
});

describe('the README configuration table', () => {
  it('has a row for every SMS gateway variable', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const variables = [
      'SMS_GATEWAYS',
      ...['EMAIL', 'PASSWORD', 'FROM', 'BASE_URL'].map((name) => `ESKIZ_${name}`),
      ...['LOGIN', 'PASSWORD', 'ORIGINATOR', 'BASE_URL'].map((name) => `PLAYMOBILE_${name}`),
      'SMS_CALL_GATEWAY',
      'SMS_REPORT_SECRET',
      'SMS_STANDIN_PORT',
    ];
    for (const variable of variables) expect(readme).toContain(`\n| \`${variable}\` |`);
  });
});
