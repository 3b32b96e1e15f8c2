/**
 * POST /restore-password/RestorePasswordSms/: the old password's check (an argon2 verify) runs
 * before the transaction that sets the new one, never inside it, where on SQLite it would hold the
 * writer and every commit queued behind it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../lib/passwords.js';
import { STRONG_PASSWORD, useTestServer, V1 } from '../../test-support/test-server.js';

vi.mock('../../lib/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, verifyPassword: vi.fn<typeof passwords.verifyPassword>(actual.verifyPassword) };
});

const PHONE = '+998901270012';
const RESTORE = `${V1}/restore-password/RestorePasswordSms/`;
const NEW_PASSWORD = 'Yangi-parol-Samarqand-4';

const server = useTestServer();
/** For each password verify, whether a transaction was open when it began. */
let verifiesInsideTransaction: boolean[];

beforeEach(async () => {
  await server.registerByPhone(PHONE);
  let open = 0;
  const transaction = server.storage.transaction.bind(server.storage);
  server.storage.transaction = async (work) => {
    open++;
    try {
      return await transaction(work);
    } finally {
      open--;
    }
  };
  verifiesInsideTransaction = [];
  const actual = await vi.importActual<typeof passwords>('../../lib/passwords.js');
  vi.mocked(passwords.verifyPassword).mockImplementation((hash, password) => {
    verifiesInsideTransaction.push(open > 0);
    return actual.verifyPassword(hash, password);
  });
});

describe('restoring a password', () => {
  it('refuses the old password and keeps the request id, checking it outside any transaction', async () => {
    const requestId = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    const same = await server.post(RESTORE, { request_id: requestId, password: STRONG_PASSWORD });
    expect([same.status, same.json]).toEqual([400, { errors: [{ error: 'same_password', field: 'password' }] }]);
    const restored = await server.post(RESTORE, { request_id: requestId, password: NEW_PASSWORD });
    expect([restored.status, restored.json]).toMatchObject([200, { detail: 'password_changed' }]);
    expect(verifiesInsideTransaction).toEqual([false, false]);
    const again = await server.post(RESTORE, { request_id: requestId, password: 'Boshqa-parol-Buxoro-5' });
    expect([again.status, again.json]).toEqual([
      400,
      { errors: [{ error: 'unique_request_id', field: 'request_id' }] },
    ]);
    expect((await server.post(`${V1}/login/LoginUser/`, { phone: PHONE, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('checks the request id before the password: a wrong one is refused without a verify', async () => {
    const wrong = await server.post(RESTORE, { request_id: 'not-a-request-id', password: STRONG_PASSWORD });
    expect([wrong.status, wrong.json]).toEqual([400, { errors: [{ error: 'request_id_error', field: 'request_id' }] }]);
    server.clock.advanceSeconds(121);
    const loginProof = await server.verify({ phone: PHONE }, 'login_sms_verification');
    const otherPurpose = await server.post(RESTORE, { request_id: loginProof, password: STRONG_PASSWORD });
    expect([otherPurpose.status, otherPurpose.json]).toEqual([
      400,
      { errors: [{ error: 'request_id_error', field: 'request_id' }] },
    ]);
    expect(verifiesInsideTransaction).toEqual([]);
  });
});
