import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, useServerFolder } from './support/server-process.js';

const V1 = '/sso/api/v1';
const PHONE = '+998946667788';
const PASSWORD = 'Ipak-yoli-Xiva-1991';

const folder = useServerFolder('kirish-restart-');

// The answers' shapes are what the test asserts.
// oxlint-disable-next-line typescript/no-explicit-any
async function call(path: string, body?: unknown): Promise<{ status: number; json: any }> {
  if (!folder.server) throw new Error('no server');
  const response = await fetch(`${folder.server.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

describe('a crash right after a registration and a rotation', () => {
  it('loses neither, and the rotated refresh tokens stay dead after the restart', async () => {
    const env = { DATABASE_URL: `sqlite:${join(folder.dir, 'kirish.db')}` };
    folder.server = await startServer(env);

    expect(
      (await call(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: PHONE })).status,
    ).toBe(200);
    const outbox = await call(`/dev/outbox?to=${encodeURIComponent(PHONE)}`);
    const code = outbox.json[0].code as string;
    const checked = await call(`${V1}/auth/CheckAuthSmsVerification/`, {
      type: 'login_sms_verification',
      phone: PHONE,
      code,
    });
    const registered = await call('/sso/api/v2/register/RegisterUser/', {
      request_id: checked.json.request_id,
      password: PASSWORD,
      first_name: 'Otabek',
      last_name: 'Rahimov',
      kind: 2,
      save: true,
    });
    expect(registered.status).toBe(201);
    const first = await call(`${V1}/TokenRefresh/`, { refresh: registered.json.refresh });
    const second = await call(`${V1}/TokenRefresh/`, { refresh: first.json.refresh });
    expect(second.status).toBe(200);
    await folder.server.kill9();

    folder.server = await startServer(env);
    const login = await call(`${V1}/login/LoginUser/`, { phone: PHONE, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json.user_uuid).toBe(registered.json.user_uuid);
    // The newest token survived the crash and rotates on.
    const third = await call(`${V1}/TokenRefresh/`, { refresh: second.json.refresh });
    expect(third.status).toBe(200);
    // The tokens rotated before the crash are dead, and presenting one ends the family.
    const replay = await call(`${V1}/TokenRefresh/`, { refresh: registered.json.refresh });
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('token_not_valid');
    expect((await call(`${V1}/TokenRefresh/`, { refresh: third.json.refresh })).status).toBe(401);
  });
});
