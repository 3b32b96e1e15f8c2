/**
 * The stand-in's Play Mobile broker API (docs/sms-gateways.md, Play Mobile): HTTP Basic, the JSON
 * `messages` list with its error codes, `Request is received`, and the reports posted a moment later to
 * the one address registered with it.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { constantTimeEqual } from '../../lib/secrets.js';
import { tashkentDate, type SmsStandinContext } from './context.js';

const MESSAGE_ID = /^[A-Za-z0-9]{1,40}$/;

function refused(c: Context, code: number, description: string): Response {
  return c.json({ 'error-code': code, 'error-description': description }, 400);
}

/** RFC 7617 §2: `Basic base64(login:password)`, the password being everything after the first colon. */
function basicCredentials(c: Context): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

interface Taken {
  to: string;
  messageId: string;
  text: string;
}

/** The message entries of a send, or the error answer Play Mobile gives for the first one it cannot take. */
function readMessages(c: Context, body: unknown): Taken[] | Response {
  const messages = typeof body === 'object' && body !== null ? (body as { messages?: unknown }).messages : undefined;
  if (!Array.isArray(messages) || messages.length === 0) return refused(c, 101, 'Syntax error');
  const taken: Taken[] = [];
  for (const entry of messages as unknown[]) {
    const message = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const sms = (typeof message.sms === 'object' && message.sms !== null ? message.sms : {}) as Record<string, unknown>;
    const content = (typeof sms.content === 'object' && sms.content !== null ? sms.content : {}) as Record<
      string,
      unknown
    >;
    if (typeof message.recipient !== 'string' || !/^998\d{9}$/.test(message.recipient))
      return refused(c, 202, 'Recipient address is not specified');
    if (typeof message['message-id'] !== 'string' || !MESSAGE_ID.test(message['message-id']))
      return refused(c, 205, 'Message id is not specified');
    if (typeof sms.originator !== 'string' || sms.originator === '')
      return refused(c, 401, 'Originator is not specified');
    if (typeof content.text !== 'string' || content.text === '') return refused(c, 404, 'Content is not specified');
    taken.push({ to: `+${message.recipient}`, messageId: message['message-id'], text: content.text });
  }
  return taken;
}

export function playmobileApp(ctx: SmsStandinContext): Hono {
  const account = ctx.options.accounts.playmobile;
  const app = new Hono();

  app.post('/broker-api/send', async (c) => {
    const credentials = basicCredentials(c);
    const right =
      credentials !== null &&
      constantTimeEqual(credentials.login, account.login) &&
      constantTimeEqual(credentials.password, account.password);
    if (!right) return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Basic realm="broker-api"' });
    const mode = ctx.mode('playmobile');
    if (mode === 'fail') return c.json({ 'error-code': 100, 'error-description': 'Internal server error' }, 500);
    if (mode === 'slow') await ctx.slowDown();
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text()) as unknown;
    } catch {
      return refused(c, 101, 'Syntax error');
    }
    const taken = readMessages(c, body);
    if (taken instanceof Response) return taken;
    if (mode !== 'undelivered')
      for (const message of taken)
        await ctx.options.deliver({ gateway: 'playmobile', to: message.to, text: message.text });
    const reportUrl = ctx.options.playmobileReportUrl;
    if (reportUrl)
      ctx.report(reportUrl, 'application/json', () =>
        JSON.stringify({
          messages: taken.map((message) => ({
            'message-id': message.messageId,
            channel: 'SMS',
            status: mode === 'undelivered' ? 'NotDelivered' : 'Delivered',
            'status-date': tashkentDate(ctx.options.clock.now()),
          })),
        }),
      );
    return c.text('Request is received', 200);
  });

  return app;
}
