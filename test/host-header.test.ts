/**
 * Issue 10 §6: outside production the server answers only requests addressed to its public host, so
 * a page that rebinds its own name to 127.0.0.1 (DNS rebinding) cannot read the dev outbox — or
 * anything else. Run as `npm start` runs it: the SSO at http://localhost:PORT, the demo partner at
 * http://127.0.0.1:DEMO_PORT, both listening on 127.0.0.1, reached here over real sockets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RawConnection, type RawAnswer, type RawRequest } from './support/raw-http.js';
import { useServer } from './support/server-process.js';

const kirish = useServer('kirish-host-', {}, 'localhost');
let ssoPort: string;
let demoPort: string;

/** Sends one request to 127.0.0.1:`port` — where the name resolves after a rebinding — with the Host the page's name gives. */
async function sendTo(
  port: string,
  host: string,
  request: Omit<RawRequest, 'headers'> & { headers?: Record<string, string> },
): Promise<RawAnswer> {
  const connection = await RawConnection.open(`http://127.0.0.1:${port}`);
  try {
    return await connection.send({ ...request, headers: { ...request.headers, host } });
  } finally {
    connection.destroy();
  }
}

const refusal = (host: string) => ({
  status: 421,
  type: 'text/plain; charset=UTF-8',
  text: `Misdirected Request: this server answers to ${host} only\n`,
});
const seen = (answer: RawAnswer) => ({
  status: answer.status,
  type: answer.headers['content-type'],
  text: answer.body.toString('utf8'),
});

beforeAll(async () => {
  ssoPort = new URL(kirish.server.origin).port;
  demoPort = new URL(kirish.server.demoOrigin).port;
  // A code in the outbox, so that reading it would show something.
  const sent = await sendTo(ssoPort, `localhost:${ssoPort}`, {
    method: 'POST',
    target: '/sso/api/v1/auth/SendAuthSmsVerification/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'login_sms_verification', phone: '+998935550011' }),
  });
  if (sent.status !== 200) throw new Error(`sending a code failed: ${sent.status} ${sent.body.toString('utf8')}`);
}, 60_000);

describe('the Host header outside production', () => {
  it('serves the dev outbox to its own name', async () => {
    const answer = await sendTo(ssoPort, `localhost:${ssoPort}`, {
      method: 'GET',
      target: '/dev/outbox',
      headers: { accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual([
      expect.objectContaining({ to: '+998935550011', code: expect.stringMatching(/^\d{6}$/) }),
    ]);
  });

  it('refuses a rebound name with a short plain 421, and shows no code', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const answer = await sendTo(ssoPort, `attacker.example:${ssoPort}`, {
        method: 'GET',
        target: '/dev/outbox',
        headers: { accept },
      });
      expect(seen(answer)).toEqual(refusal(`localhost:${ssoPort}`));
    }
  });

  it('refuses it for the whole server: the API, the account site, the discovery document', async () => {
    const requests: RawRequest[] = [
      { method: 'GET', target: '/.well-known/openid-configuration' },
      { method: 'GET', target: '/login' },
      { method: 'GET', target: '/sso/api/v1/user/MyProfile' },
      {
        method: 'POST',
        target: '/sso/api/v1/login/LoginUser/',
        headers: { 'content-type': 'application/json' },
        body: '{"phone":"+998901234567","password":"x"}',
      },
    ];
    for (const request of requests) {
      expect(seen(await sendTo(ssoPort, `attacker.example:${ssoPort}`, request)), request.target).toEqual(
        refusal(`localhost:${ssoPort}`),
      );
    }
  });

  it('refuses another name of the same loopback address: the server has one name', async () => {
    const answer = await sendTo(ssoPort, `127.0.0.1:${ssoPort}`, { method: 'GET', target: '/dev/outbox' });
    expect(answer.status).toBe(421);
  });

  it('goes by the request line when it names a host, which overrides Host (RFC 9112 §3.2.2)', async () => {
    const foreign = await sendTo(ssoPort, `localhost:${ssoPort}`, {
      method: 'GET',
      target: `http://attacker.example:${ssoPort}/dev/outbox`,
    });
    expect(foreign.status).toBe(421);
    const own = await sendTo(ssoPort, `localhost:${ssoPort}`, {
      method: 'GET',
      target: `http://localhost:${ssoPort}/dev/outbox`,
      headers: { accept: 'application/json' },
    });
    expect(own.status).toBe(200);
  });

  it('keeps the connection after a refusal: the next request on it, to the right name, is served', async () => {
    const connection = await RawConnection.open(`http://127.0.0.1:${ssoPort}`);
    try {
      const refused = await connection.send({
        method: 'POST',
        target: '/sso/api/v1/login/LoginUser/',
        headers: { host: `attacker.example:${ssoPort}`, 'content-type': 'application/json' },
        body: '{"phone":"x"}',
      });
      expect(refused.status).toBe(421);
      const served = await connection.send({
        method: 'GET',
        target: '/.well-known/openid-configuration',
        headers: { host: `localhost:${ssoPort}` },
      });
      expect(served.status).toBe(200);
    } finally {
      connection.destroy();
    }
  });

  it('guards the demo partner site by its own name', async () => {
    expect((await sendTo(demoPort, `127.0.0.1:${demoPort}`, { method: 'GET', target: '/' })).status).toBe(200);
    expect(seen(await sendTo(demoPort, `attacker.example:${demoPort}`, { method: 'GET', target: '/' }))).toEqual(
      refusal(`127.0.0.1:${demoPort}`),
    );
  });
});
