import { describe, expect, it } from 'vitest';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const PHONE = '+998935550101';
const SEND = `${V1}/auth/SendAuthSmsVerification/`;
const CHECK = `${V1}/auth/CheckAuthSmsVerification/`;
const login = { type: 'login_sms_verification', phone: PHONE };

const server = useTestServer();

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sending a code', () => {
  it('sends six digits by SMS and says where, masked, with the timings', async () => {
    const sent = await server.post(SEND, login);
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({
      message: 'code_send_to_phone',
      to: '+998 93 *** ** 01',
      expires_in: 300,
      resend_in: 120,
    });
    const [message] = await server.storage.outbox.list(1);
    expect(message).toMatchObject({ channel: 'sms', recipient: PHONE });
    expect(message?.code).toMatch(/^\d{6}$/);
    // The SMS is in the requester's language and ends with the WebOTP line for browser autofill.
    expect(message?.text).toContain(message?.code ?? 'none');
    expect(message?.text.split('\n').at(-1)).toBe(`@localhost:8080 #${message?.code}`);
  });

  it('reads the code aloud by a call when asked, digit by digit, in the Accept-Language locale', async () => {
    const sent = await server.post(
      SEND,
      { ...login, method: 'call' },
      { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } },
    );
    expect(sent.json.message).toBe('call_send_to_phone');
    const [message] = await server.storage.outbox.list(1);
    expect(message?.channel).toBe('call');
    expect(message?.text).toContain('Ваш код Kirish');
    expect(message?.text).toContain(message?.code?.split('').join(' ') ?? 'none');
  });

  it('sends e-mail codes with confirm_email_or_phone', async () => {
    const sent = await server.post(`${V1}/auth/SendAuthEmailVerification/`, {
      type: 'confirm_email_or_phone',
      email: 'Bobur@Example.UZ',
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ message: 'code_send_to_email', to: 'bo***@example.uz' });
    expect((await server.storage.outbox.list(1))[0]).toMatchObject({ channel: 'email', recipient: 'bobur@example.uz' });
  });

  it('stores only a hash of the code', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    const rows = await server.db.selectFrom('otp_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a section that is not for signed-out visitors', async () => {
    const sent = await server.post(SEND, { type: 'change_phone_verification', phone: PHONE });
    expect(sent.status).toBe(400);
    expect(sent.json).toEqual({ errors: [{ error: 'invalid_type', field: 'type' }] });
    const email = await server.post(`${V1}/auth/SendAuthEmailVerification/`, {
      type: 'login_sms_verification',
      email: 'a@b.uz',
    });
    expect(email.json).toEqual({ errors: [{ error: 'invalid_type', field: 'type' }] });
  });

  it('refuses a password-reset code for a phone with no account', async () => {
    const sent = await server.post(SEND, { type: 'forget_pass_verification', phone: PHONE });
    expect(sent.status).toBe(400);
    expect(sent.json).toEqual({ errors: [{ error: 'user_not_found_phone', field: 'phone' }] });
    expect(await server.storage.outbox.list(10)).toEqual([]);
  });

  it('makes a resend wait two minutes with timeout and Retry-After', async () => {
    await server.post(SEND, login);
    server.clock.advanceSeconds(30);
    const early = await server.post(SEND, login);
    expect(early.status).toBe(429);
    expect(early.json).toEqual({ errors: [{ error: 'timeout' }] });
    expect(early.headers.get('retry-after')).toBe('90');
    server.clock.advanceSeconds(90);
    expect((await server.post(SEND, login)).status).toBe(200);
  });

  it('lets a new flow start at once after a code was used', async () => {
    await server.verify({ phone: PHONE });
    expect((await server.post(SEND, login)).status).toBe(200);
  });

  it('caps codes per contact at 5 an hour with rate_limit_error', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await server.post(SEND, login)).status).toBe(200);
      server.clock.advanceSeconds(121);
    }
    const sixth = await server.post(SEND, login);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual({ errors: [{ error: 'rate_limit_error' }] });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advanceSeconds(3600);
    expect((await server.post(SEND, login)).status).toBe(200);
  });

  it('caps codes per client address at 30 an hour, whatever the contacts', async () => {
    for (let i = 0; i < 30; i += 1) {
      const phone = `+9989355502${String(i).padStart(2, '0')}`;
      expect((await server.post(SEND, { ...login, phone }, { ip: '198.51.100.9' })).status).toBe(200);
    }
    const next = await server.post(SEND, { ...login, phone: '+998935559999' }, { ip: '198.51.100.9' });
    expect(next.status).toBe(429);
    expect(next.json).toEqual({ errors: [{ error: 'rate_limit_error' }] });
    // Another address is not affected.
    expect((await server.post(SEND, { ...login, phone: '+998935559999' }, { ip: '198.51.100.10' })).status).toBe(200);
  });
});

/** The statuses of parallel answers, counted: {200: n, 429: m}. */
const tally = (answers: Array<{ status: number }>) =>
  answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

describe('sending codes in parallel (issue 10 §2)', () => {
  it('sends one code of 20 parallel requests for one number; the others wait out the cooldown', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.post(SEND, login)));
    expect(tally(answers)).toEqual({ 200: 1, 429: 19 });
    expect(new Set(answers.filter((a) => a.status === 429).map((a) => a.json.errors[0].error))).toEqual(
      new Set(['timeout']),
    );
    expect((await server.storage.outbox.list(100)).filter((m) => m.recipient === PHONE)).toHaveLength(1);
  });

  it('sends 30 codes of 60 parallel requests from one address, to 60 numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        server.post(SEND, { ...login, phone: `+9989355503${String(i).padStart(2, '0')}` }, { ip: '198.51.100.11' }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 30, 429: 30 });
    expect(await server.storage.outbox.list(100)).toHaveLength(30);
  });

  it('sends one code per section of 20 parallel requests for one number from 20 addresses', async () => {
    const sections = ['login_sms_verification', 'forget_pass_verification'];
    await server.registerByPhone(PHONE);
    server.clock.advanceSeconds(121);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.post(SEND, { type: sections[i % 2], phone: PHONE }, { ip: `198.51.100.${20 + i}` }),
      ),
    );
    // The cooldown is per section: one code each; the registration's code was used, so it sets none.
    expect(tally(answers)).toEqual({ 200: 2, 429: 18 });
    expect(await server.db.selectFrom('otp_codes').select('id').where('contact', '=', PHONE).execute()).toHaveLength(3);
  });
});

describe('checking a code', () => {
  it('trades the right code for a request_id, once', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    const first = await server.post(CHECK, { ...login, code });
    expect(first.status).toBe(200);
    expect(first.json.request_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await server.post(CHECK, { ...login, code });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ errors: [{ error: 'code_expired', field: 'code' }] });
  });

  it('binds the code to its purpose and its contact', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    expect((await server.post(CHECK, { type: 'forget_pass_verification', phone: PHONE, code })).json).toEqual({
      errors: [{ error: 'code_expired', field: 'code' }],
    });
    expect((await server.post(CHECK, { ...login, phone: '+998935550102', code })).json).toEqual({
      errors: [{ error: 'code_expired', field: 'code' }],
    });
    expect((await server.post(CHECK, { ...login, code })).status).toBe(200);
  });

  it('lets a code live five minutes and no longer', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    server.clock.advanceSeconds(300);
    const late = await server.post(CHECK, { ...login, code });
    expect(late.status).toBe(400);
    expect(late.json).toEqual({ errors: [{ error: 'code_expired', field: 'code' }] });
  });

  it('accepts a code at 4 minutes 59 seconds', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    server.clock.advanceSeconds(299);
    expect((await server.post(CHECK, { ...login, code })).status).toBe(200);
  });

  it('kills the code after five wrong tries, even for the right digits', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await server.post(CHECK, { ...login, code: wrongCode(code) });
      expect(wrong.json).toEqual({ errors: [{ error: 'code_not_valid', field: 'code' }] });
    }
    const right = await server.post(CHECK, { ...login, code });
    expect(right.status).toBe(400);
    expect(right.json).toEqual({ errors: [{ error: 'code_attempts_exceeded', field: 'code' }] });
  });

  it('accepts the right code after four wrong tries', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    for (let i = 0; i < 4; i += 1) await server.post(CHECK, { ...login, code: wrongCode(code) });
    expect((await server.post(CHECK, { ...login, code })).status).toBe(200);
  });

  it('makes a resent code replace the old one', async () => {
    await server.post(SEND, login);
    const old = await server.lastCode(PHONE);
    server.clock.advanceSeconds(120);
    await server.post(SEND, login);
    const fresh = await server.lastCode(PHONE);
    const rows = await server.db
      .selectFrom('otp_codes')
      .select(['code_hash', 'close_reason'])
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => row.close_reason)).toEqual(['replaced', null]);
    expect(old === fresh || rows[0]?.code_hash !== rows[1]?.code_hash).toBe(true);
    expect((await server.post(CHECK, { ...login, code: fresh })).status).toBe(200);
  });

  it('rejects a code that is not six digits without spending a try', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    for (const bad of ['12345', '1234567', 'abcdef', ' 12345']) {
      expect((await server.post(CHECK, { ...login, code: bad })).json).toEqual({
        errors: [{ error: 'invalid_code', field: 'code' }],
      });
    }
    const rows = await server.db.selectFrom('otp_codes').select('attempts').execute();
    expect(rows[0]?.attempts).toBe(0);
    expect((await server.post(CHECK, { ...login, code })).status).toBe(200);
  });

  it('compares only 5 of 20 parallel wrong codes; the rest, and then the right code, are code_attempts_exceeded', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.post(CHECK, { ...login, code: wrongCode(code) })),
    );
    const errors = answers.map((a) => a.json.errors[0].error as string);
    expect(errors.filter((e) => e === 'code_not_valid')).toHaveLength(5);
    expect(errors.filter((e) => e === 'code_attempts_exceeded')).toHaveLength(15);
    expect((await server.post(CHECK, { ...login, code })).json).toEqual({
      errors: [{ error: 'code_attempts_exceeded', field: 'code' }],
    });
    expect((await server.db.selectFrom('otp_codes').select('attempts').executeTakeFirstOrThrow()).attempts).toBe(5);
  });

  it('lets exactly one of many parallel checks of the right code succeed', async () => {
    await server.post(SEND, login);
    const code = await server.lastCode(PHONE);
    const results = await Promise.all(Array.from({ length: 10 }, () => server.post(CHECK, { ...login, code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });
});
