/**
 * The stand-in's failure switch (docs/sms-gateways.md, The stand-in): `POST /control` with JSON
 * `{gateway, mode}`, and a small page at `/` whose form does the same. A developer tool in English,
 * labelled as a stand-in so nobody takes it for the real gateways; plain HTML that works by keyboard.
 * It changes only this stand-in's behaviour on this machine's loopback, so it asks for no credentials.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { escapeHtml, htmlPage } from '../page.js';
import { SMS_STANDIN_GATEWAYS, SMS_STANDIN_MODES, type SmsStandinGateway, type SmsStandinMode } from './options.js';
import type { SmsStandinContext } from './context.js';

const HEADING = 'Kirish stand-in for Eskiz and Play Mobile — not the real gateways';
const TITLES: Record<SmsStandinGateway, string> = { eskiz: 'Eskiz', playmobile: 'Play Mobile' };
const MODE_TEXT: Record<SmsStandinMode, string> = {
  ok: 'ok — takes messages',
  fail: 'fail — answers 500 to sends',
  slow: 'slow — answers after a long wait',
  undelivered: 'undelivered — takes messages, reports them undelivered',
};

function isGateway(value: unknown): value is SmsStandinGateway {
  return SMS_STANDIN_GATEWAYS.includes(value as SmsStandinGateway);
}

function isMode(value: unknown): value is SmsStandinMode {
  return SMS_STANDIN_MODES.includes(value as SmsStandinMode);
}

function page(c: Context, ctx: SmsStandinContext, problem?: string): Response {
  const forms = SMS_STANDIN_GATEWAYS.map((gateway) => {
    const current = ctx.mode(gateway);
    const choices = SMS_STANDIN_MODES.map(
      (mode) =>
        `<div class="choice"><input type="radio" name="mode" id="m-${gateway}-${mode}" value="${mode}"${mode === current ? ' checked' : ''}>` +
        `<label for="m-${gateway}-${mode}">${escapeHtml(MODE_TEXT[mode])}</label></div>`,
    ).join('');
    return (
      `<form method="post" action="/control"><input type="hidden" name="gateway" value="${gateway}">` +
      `<fieldset><legend>${TITLES[gateway]}: now ${escapeHtml(current)}</legend>${choices}</fieldset>` +
      `<div class="actions"><button type="submit" value="continue">Set ${TITLES[gateway]}</button></div></form>`
    );
  }).join('');
  return htmlPage(
    c,
    problem ? 400 : 200,
    HEADING,
    () =>
      `<h1>${escapeHtml(HEADING)}</h1>` +
      `<p class="note">A developer tool: Kirish sends its SMS codes here outside production (docs/sms-gateways.md). ` +
      `Make a gateway fail or go slow to watch Kirish send the next code through the other one.</p>` +
      (problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : '') +
      forms,
  );
}

export function controlApp(
  ctx: SmsStandinContext,
  setMode: (gateway: SmsStandinGateway, mode: SmsStandinMode) => void,
): Hono {
  const app = new Hono();
  app.get('/', (c) => page(c, ctx));
  app.post('/control', async (c) => {
    const json = /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '');
    let input: Record<string, unknown> = {};
    if (json) {
      const body = (await c.req.json().catch(() => null)) as unknown;
      input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    } else {
      input = await c.req.parseBody().catch(() => ({}));
    }
    const { gateway, mode } = input;
    if (!isGateway(gateway) || !isMode(mode)) {
      const problem = `Say a gateway (${SMS_STANDIN_GATEWAYS.join(', ')}) and a mode (${SMS_STANDIN_MODES.join(', ')}).`;
      return json ? c.json({ error: problem }, 400) : page(c, ctx, problem);
    }
    setMode(gateway, mode);
    return json ? c.json({ gateway, mode }) : c.redirect('/', 303);
  });
  return app;
}
