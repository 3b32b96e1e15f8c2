/**
 * Issue 33: a registration whose password hash found no turn in time answers 503 server_busy with
 * Retry-After and has written nothing: no account, and its request id still registers afterwards.
 * The process's hash gate is set here as the entry file sets it (lib/passwords.ts): one hash at a
 * time and a 1 ms deadline, so that of two registrations at once the second, queued behind the
 * first's hash (tens of milliseconds), always runs out of time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultHashConcurrency, setHashConcurrency, setHashWaitLimit } from '../../lib/passwords.js';
import { REGISTER_PATH, STRONG_PASSWORD, useTestServer } from '../../test-support/test-server.js';

const server = useTestServer();

afterEach(() => {
  setHashConcurrency(defaultHashConcurrency());
  setHashWaitLimit(undefined, 1);
});

const registration = (requestId: string) => ({
  request_id: requestId,
  password: STRONG_PASSWORD,
  first_name: 'Nodira',
  last_name: 'Karimova',
  kind: 2,
});

describe('a registration with no turn for its hash', () => {
  it('answers 503 server_busy with Retry-After, writes no account, and leaves its request id usable', async () => {
    const phones = ['+998971112201', '+998971112202'];
    const requestIds = [await server.verify({ phone: phones[0]! }), await server.verify({ phone: phones[1]! })];
    setHashConcurrency(1);
    setHashWaitLimit(1, 2);

    const answers = await Promise.all(requestIds.map((id) => server.post(REGISTER_PATH, registration(id))));
    expect(answers.map((answer) => answer.status)).toEqual([201, 503]);
    const busy = answers[1]!;
    expect(busy.json).toEqual({ errors: [{ error: 'server_busy' }] });
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(await server.storage.users.findByPhone(phones[1]!)).toBeUndefined();

    setHashWaitLimit(undefined, 1);
    const again = await server.post(REGISTER_PATH, registration(requestIds[1]!));
    expect(again.status).toBe(201);
    expect((await server.storage.users.findByPhone(phones[1]!))?.id).toBe(again.json.user_uuid);
  });
});
