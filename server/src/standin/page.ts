/**
 * The stand-in's HTML: the one authorization page every provider shares, the error page of a request
 * that must not be redirected, and Apple's auto-submitting form_post answer. A developer tool in English,
 * labelled as a stand-in so nobody takes it for the real provider; plain HTML that works by keyboard.
 */
import type { Context } from 'hono';
import { randomSecret } from '../lib/secrets.js';
import { PRESET_IDENTITIES, describeIdentity } from './identities.js';
import type { StandinProvider } from './options.js';

export const PROVIDER_TITLES: Record<StandinProvider, string> = {
  google: 'Google',
  yandex: 'Yandex',
  vk: 'VK',
  facebook: 'Facebook',
  apple: 'Apple',
  oneid: 'OneID',
  telegram: 'Telegram',
  twitter: 'X',
};

const CSS = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d4d4d8;border-radius:8px}
h1{font-size:1.25rem;margin:0 0 .25rem}
.note{color:#52525b;margin:0 0 1rem;overflow-wrap:anywhere}
.problem{color:#b91c1c;font-weight:600}
fieldset{border:1px solid #d4d4d8;border-radius:6px;margin:0 0 1rem;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;gap:.5rem;align-items:flex-start;margin:.25rem 0}
.field{display:grid;gap:.125rem;margin:.5rem 0}
.check{display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
input[type=text],input[type=email],input[type=tel],input[type=date]{font:inherit;padding:.375rem .5rem;border:1px solid #a1a1aa;border-radius:4px}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.actions{display:flex;gap:.75rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #18181b;background:#fff;cursor:pointer}
button[value=continue]{background:#18181b;color:#fff}
@media (max-width:40rem){main{margin:0;border:0;border-radius:0}}
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A page with its own nonce: nothing but its own style and script runs, and no site may frame it. */
export function htmlPage(c: Context, status: 200 | 400, title: string, body: (nonce: string) => string): Response {
  const nonce = randomSecret(16);
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`,
  );
  c.header('X-Frame-Options', 'DENY');
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style nonce="${nonce}">${CSS}</style></head><body><main>${body(nonce)}</main></body></html>`,
    status,
  );
}

export function standinHeading(provider: StandinProvider): string {
  const name = PROVIDER_TITLES[provider];
  return `Kirish stand-in for ${name} — not the real ${name}`;
}

/** RFC 6749 §4.1.2.1: a bad client id or redirect URI is told to the person, never redirected to. */
export function errorPage(c: Context, provider: StandinProvider, problem: string): Response {
  return htmlPage(
    c,
    400,
    `Error — ${standinHeading(provider)}`,
    () =>
      `<h1>${escapeHtml(standinHeading(provider))}</h1><p class="problem" role="alert">${escapeHtml(problem)}</p>` +
      `<p class="note">The request was not sent back to the app, as the real provider would not send it.</p>`,
  );
}

export interface ConsentPageInput {
  provider: StandinProvider;
  clientId: string;
  redirectUri: string;
  /** The authorization request's query, carried by the form to the consent POST. */
  request: string;
  problem?: string;
}

const FIELD = (name: string, label: string, type = 'text', extra = '') =>
  `<div class="field"><label for="f-${name}">${label}</label><input type="${type}" id="f-${name}" name="${name}" ${extra}></div>`;
const CHECK = (name: string, label: string) =>
  `<div class="check"><input type="checkbox" id="f-${name}" name="${name}" checked><label for="f-${name}">${label}</label></div>`;

export function consentPage(c: Context, input: ConsentPageInput): Response {
  const { provider } = input;
  const presets = PRESET_IDENTITIES.map(
    (identity, index) =>
      `<div class="choice"><input type="radio" name="identity" id="i-${identity.key}" value="${identity.key}"${index === 0 ? ' checked' : ''}>` +
      `<label for="i-${identity.key}">${escapeHtml(describeIdentity(identity, provider))}</label></div>`,
  ).join('');
  const oneid = provider === 'oneid';
  const typed = [
    FIELD('first_name', 'First name', 'text', 'autocomplete="off"'),
    FIELD('last_name', 'Last name', 'text', 'autocomplete="off"'),
    FIELD('email', 'E-mail', 'email', 'autocomplete="off"'),
    CHECK('email_verified', 'The e-mail is verified'),
    FIELD('phone', 'Phone (+998…)', 'tel', 'autocomplete="off"'),
    CHECK('phone_verified', 'The phone is verified'),
    oneid ? FIELD('pinfl', 'PINFL (14 digits)', 'text', 'inputmode="numeric" pattern="[0-9]{14}"') : '',
    oneid ? FIELD('birth_date', 'Birth date', 'date') : '',
    provider === 'telegram' || provider === 'twitter' ? FIELD('username', 'Username') : '',
    FIELD('subject', 'Subject (optional; derived from the e-mail, phone or name when empty)'),
  ].join('');
  const heading = standinHeading(provider);
  return htmlPage(
    c,
    input.problem ? 400 : 200,
    heading,
    (nonce) =>
      `<h1>${escapeHtml(heading)}</h1>` +
      `<p class="note">A developer tool: pick or type the person signing in to <strong>${escapeHtml(input.clientId)}</strong>, ` +
      `which gets the answer at ${escapeHtml(input.redirectUri)}.</p>` +
      (input.problem ? `<p class="problem" role="alert">${escapeHtml(input.problem)}</p>` : '') +
      `<form method="post" action="/${provider}/standin/consent">` +
      `<input type="hidden" name="request" value="${escapeHtml(input.request)}">` +
      `<fieldset><legend>Test identity</legend>${presets}` +
      `<div class="choice"><input type="radio" name="identity" id="i-typed" value="typed"${input.problem ? ' checked' : ''}>` +
      `<label for="i-typed">The identity typed below</label></div></fieldset>` +
      `<fieldset id="typed"><legend>Type an identity</legend>${typed}</fieldset>` +
      `<div class="actions"><button type="submit" name="action" value="continue">Continue</button>` +
      `<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div></form>` +
      // Typing in the typed form picks it, so nobody signs in as a preset by mistake.
      `<script nonce="${nonce}">document.getElementById('typed').addEventListener('input',function(){document.getElementById('i-typed').checked=true})</script>`,
  );
}

/**
 * Apple's answer with `response_mode=form_post`: a page whose form POSTs the fields to the redirect URI
 * at once (OAuth 2.0 Form Post Response Mode §2), with a button for a browser that runs no script.
 */
export function formPostPage(c: Context, redirectUri: string, fields: Record<string, string>): Response {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return htmlPage(
    c,
    200,
    standinHeading('apple'),
    (nonce) =>
      `<h1>${escapeHtml(standinHeading('apple'))}</h1><p class="note">Returning to ${escapeHtml(redirectUri)}…</p>` +
      `<form method="post" action="${escapeHtml(redirectUri)}" id="answer">${inputs}<button type="submit">Continue</button></form>` +
      `<script nonce="${nonce}">document.getElementById('answer').submit()</script>`,
  );
}
