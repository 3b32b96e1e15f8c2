/**
 * GET /dev/outbox (docs/product.md §10): outside production, every code "sent" by SMS, call or e-mail, newest
 * first — JSON for programs, a page for people. Never mounted in production.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { OutboxMessage } from '../../storage/storage.js';

const LIMIT = 100;

function toJson(message: OutboxMessage) {
  return {
    id: message.id,
    channel: message.channel,
    to: message.recipient,
    code: message.code,
    text: message.text,
    created_at: new Date(message.createdAt).toISOString(),
  };
}

function page(messages: OutboxMessage[]) {
  const rows = messages.map(
    (m) =>
      html`<tr>
        <td data-label="Sent (UTC)">
          <time datetime="${new Date(m.createdAt).toISOString()}"
            >${new Date(m.createdAt).toISOString().replace('T', ' ').slice(0, 19)}</time
          >
        </td>
        <td data-label="Channel">${m.channel}</td>
        <td data-label="To">${m.recipient}</td>
        <td data-label="Code" class="code">${m.code ?? ''}</td>
        <td data-label="Text"><pre>${m.text}</pre></td>
      </tr>`,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta http-equiv="refresh" content="5" />
        <title>Kirish dev outbox</title>
        <style>
          body {
            font:
              15px/1.45 system-ui,
              sans-serif;
            margin: 2rem auto;
            max-width: 70rem;
            padding: 0 1rem;
            color: #1d2330;
          }
          h1 {
            font-size: 1.4rem;
          }
          p {
            color: #555;
          }
          table {
            border-collapse: collapse;
            width: 100%;
          }
          th,
          td {
            border-bottom: 1px solid #e3e6ee;
            padding: 0.5rem;
            text-align: left;
            vertical-align: top;
          }
          .code {
            font:
              600 1.2rem ui-monospace,
              monospace;
            letter-spacing: 0.1em;
          }
          pre {
            margin: 0;
            white-space: pre-wrap;
            overflow-wrap: anywhere;
            font: inherit;
          }
          @media (max-width: 40rem) {
            thead {
              position: absolute;
              left: -9999px;
            }
            table,
            tbody,
            tr,
            td {
              display: block;
            }
            tr {
              border: 1px solid #e3e6ee;
              border-radius: 0.5rem;
              margin-bottom: 1rem;
              padding: 0.25rem 0.5rem;
            }
            td {
              border: 0;
              padding: 0.25rem 0;
            }
            td::before {
              content: attr(data-label);
              display: block;
              font-size: 0.8rem;
              color: #666;
            }
          }
        </style>
      </head>
      <body>
        <h1>Dev outbox</h1>
        <p>
          Every code Kirish "sent" outside production, newest first. This page refreshes every 5 seconds; the same list
          is JSON at this address with
          <code>Accept: application/json</code>.
        </p>
        ${
          messages.length === 0
            ? html`<p role="status">Nothing has been sent yet.</p>`
            : html`<table>
                <thead>
                  <tr>
                    <th>Sent (UTC)</th>
                    <th>Channel</th>
                    <th>To</th>
                    <th>Code</th>
                    <th>Text</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>`
        }
      </body>
    </html>`;
}

export function outboxRoutes({ storage }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.get('/outbox', async (c) => {
    const to = c.req.query('to');
    const messages = (await storage.outbox.list(LIMIT)).filter((m) => to === undefined || m.recipient === to);
    c.header('Cache-Control', 'no-store');
    const wantsPage = (c.req.header('accept') ?? '').includes('text/html');
    return wantsPage ? c.html(page(messages)) : c.json(messages.map(toJson));
  });
  return app;
}
