/**
 * Sign-in by QR over a real socket (issue 39): the event stream's headers and its events as
 * @hono/node-server writes them, one at a time while the stream stays open (nothing buffered), the
 * tokens in it once, and the long poll woken by the approval.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QR_SECRET_HEADER } from '../../contract/qr-login.js';
import { CHROME_WINDOWS } from '../../test-support/security.js';
import { useHttpServer } from '../../test-support/http-server.js';

const PHONE = '+998901390040';
const live = useHttpServer();
let phoneToken = '';

beforeAll(async () => {
  phoneToken = (await live.server.registerByPhone(PHONE)).access;
});

const requests = () => `${live.origin}/sso/api/v1/qr/login-requests/`;

async function create() {
  const answer = await fetch(requests(), { method: 'POST', headers: { 'user-agent': CHROME_WINDOWS } });
  expect(answer.status).toBe(201);
  const cookies = answer.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  return { ...((await answer.json()) as { id: string; secret: string; number: string }), cookies };
}

const phoneCall = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${requests()}${path}`, {
    method,
    headers: { authorization: `Bearer ${phoneToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Reads server-sent events off a stream one at a time, as a browser's fetch reader would. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    /** The next event (comments skipped), or null when the stream ended. */
    async next(): Promise<{ event: string; data: unknown } | null> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const lines = block.split('\n').filter((line) => !line.startsWith(':'));
          if (lines.length === 0) continue;
          const field = (name: string) =>
            lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
          return { event: field('event'), data: JSON.parse(field('data')) };
        }
        const { done, value } = await reader.read();
        if (done) return null;
        buffered += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('the event stream over HTTP', () => {
  it('is text/event-stream, no-store and unbuffered, sends each state as it happens, the tokens once, and ends', async () => {
    const request = await create();
    const stream = await fetch(`${requests()}${request.id}/events`, {
      headers: { accept: 'text/event-stream', [QR_SECRET_HEADER]: request.secret },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-length')).toBeNull();
    const events = eventReader(stream.body as ReadableStream<Uint8Array>);
    // Each event arrives while the stream is open, before the next change happens.
    expect(await events.next()).toEqual({ event: 'pending', data: { state: 'pending' } });
    expect((await phoneCall(`${request.id}/`)).status).toBe(200);
    expect(await events.next()).toEqual({ event: 'scanned', data: { state: 'scanned' } });
    expect((await phoneCall(`${request.id}/approve/`, 'POST', { number: request.number })).status).toBe(204);
    const approved = await events.next();
    expect(approved).toMatchObject({ event: 'approved', data: { state: 'approved', tokens: { has_phone: true } } });
    expect(await events.next()).toBeNull();

    // The tokens are the browser's own sign-in, on the device its request was bound to.
    const { tokens } = (approved ?? { data: {} }).data as { tokens: { access: string } };
    const devices = await fetch(`${live.origin}/sso/api/v1/user/deviceprofile/DeviceProfileList`, {
      headers: { authorization: `Bearer ${tokens.access}`, cookie: request.cookies.join('; ') },
    });
    expect(devices.status).toBe(200);
    expect(((await devices.json()) as { phone: string }[]).map((account) => account.phone)).toHaveLength(1);

    // A second reader gets nothing of them.
    const again = await fetch(`${requests()}${request.id}/events`, {
      headers: { accept: 'text/event-stream', [QR_SECRET_HEADER]: request.secret },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ errors: [{ error: 'qr_request_closed' }] });
  });

  it('ends with denied when the phone picks a wrong number', async () => {
    const request = await create();
    const stream = await fetch(`${requests()}${request.id}/events`, {
      headers: { accept: 'text/event-stream', [QR_SECRET_HEADER]: request.secret },
    });
    const events = eventReader(stream.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('pending');
    const wrong = String((Number(request.number) + 1) % 100).padStart(2, '0');
    expect((await phoneCall(`${request.id}/approve/`, 'POST', { number: wrong })).status).toBe(409);
    expect(await events.next()).toEqual({ event: 'denied', data: { state: 'denied' } });
    expect(await events.next()).toBeNull();
  });

  it('is refused with 404 for a wrong secret, before any stream starts', async () => {
    const request = await create();
    const answer = await fetch(`${requests()}${request.id}/events`, {
      headers: { accept: 'text/event-stream', [QR_SECRET_HEADER]: 'B'.repeat(43) },
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ errors: [{ error: 'qr_request_not_found' }] });
  });

  it('lets the browser go away mid-stream without an error', async () => {
    const request = await create();
    const stream = await fetch(`${requests()}${request.id}/events`, {
      headers: { accept: 'text/event-stream', [QR_SECRET_HEADER]: request.secret },
    });
    const events = eventReader(stream.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('pending');
    await events.cancel();
    // The request is still there to approve, and the stream's end logged no error.
    expect((await phoneCall(`${request.id}/approve/`, 'POST', { number: request.number })).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live.server.loggedErrors).toEqual([]);
  });
});

describe('the long poll over HTTP', () => {
  it('waits while nothing happens and answers with the approval as soon as it is made', async () => {
    const request = await create();
    const started = performance.now();
    const poll = fetch(`${requests()}${request.id}/events?wait=long`, {
      headers: { [QR_SECRET_HEADER]: request.secret },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await phoneCall(`${request.id}/approve/`, 'POST', { number: request.number })).status).toBe(204);
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toMatchObject({ state: 'approved', tokens: { has_phone: true } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
  });
});
