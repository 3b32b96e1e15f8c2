/**
 * Support's command, `npm run complaints -- …` (node server/scripts/complaints.mjs), run for real
 * against the built server over its operator API: the answer reaches the person (the dev outbox) and
 * their thread; wrong tokens, numbers and arguments end with a sentence and the documented exit code.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiClient } from './support/api.js';
import { useServer } from './support/server-process.js';

const SCRIPT = fileURLToPath(new URL('../server/scripts/complaints.mjs', import.meta.url));
const ADMIN_TOKEN = 'complaints-command-operator-token-32-chars';
const PHONE = '+998901239876';

const kirish = useServer('kirish-complaints-', { ADMIN_TOKEN });

function complaints(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], {
      env: { PATH: process.env.PATH ?? '', KIRISH_URL: kirish.server.origin, ADMIN_TOKEN, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function fileComplaint(access: string) {
  const body = new FormData();
  body.append('category', 'codes');
  body.append('subject', 'The code did not arrive');
  body.append('text', 'Three times, no SMS.');
  const response = await fetch(`${kirish.server.origin}/common/api/v1/help/complaints/`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; number: number };
}

describe('npm run complaints', () => {
  it('lists a complaint, takes it in hand, answers it (the person told by SMS, the answer in their thread) and closes it', async () => {
    const api = apiClient(kirish.server.origin);
    const { access } = await api.registerByPhone(PHONE, 'Qovun-pishdi-Chorsu-7');
    const filed = await fileComplaint(access);

    const listed = await complaints(['list', '--status', 'new']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`#${filed.number}  new`);
    expect(listed.stdout).toContain('The code did not arrive');

    const taken = await complaints(['take', String(filed.number)]);
    expect([taken.code, taken.stdout]).toEqual([0, `Complaint #${filed.number} taken in hand: in progress.\n`]);
    expect((await api.get(`/common/api/v1/help/complaints/${filed.id}/`, access)).json.status).toBe('in_progress');
    const twice = await complaints(['take', String(filed.number)]);
    expect([twice.code, twice.stderr]).toEqual([
      1,
      `npm run complaints: complaint #${filed.number} is not new: it is in hand or answered already\n`,
    ]);

    const answered = await complaints(['answer', String(filed.number), 'We sent the code again; try now.']);
    expect([answered.code, answered.stderr]).toEqual([0, '']);
    expect(answered.stdout).toMatch(new RegExp(`^Complaint #${filed.number} answered; the person was told by SMS`));
    const outbox = await fetch(`${kirish.server.origin}/dev/outbox?to=${encodeURIComponent(PHONE)}`, {
      headers: { accept: 'application/json' },
    });
    const [notice] = (await outbox.json()) as { text: string }[];
    expect(notice?.text).toContain(String(filed.number));
    const thread = await api.get(`/common/api/v1/help/complaints/${filed.id}/`, access);
    expect(thread.json).toMatchObject({
      status: 'answered',
      messages: [{ author: 'person' }, { author: 'operator', text: 'We sent the code again; try now.' }],
    });

    expect((await complaints(['close', String(filed.number)])).stdout).toBe(`Complaint #${filed.number} closed.\n`);
    const again = await complaints(['answer', String(filed.number), 'More']);
    expect([again.code, again.stderr]).toEqual([
      1,
      `npm run complaints: complaint #${filed.number} is closed: it takes no more answers\n`,
    ]);
  });

  it('says what is wrong: a wrong token or no token, an unknown complaint (1), bad arguments (2)', async () => {
    const wrong = await complaints(['list'], { ADMIN_TOKEN: 'not-the-servers-token-but-32-characters' });
    expect([wrong.code, wrong.stderr]).toEqual([
      1,
      "npm run complaints: the server refused the token: ADMIN_TOKEN differs from the server's, or the server has none set\n",
    ]);
    expect((await complaints(['list'], { ADMIN_TOKEN: '' })).code).toBe(1);
    const unknown = await complaints(['close', '999']);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'npm run complaints: there is no complaint #999\n']);
    for (const args of [
      ['answer', '1'],
      ['answer', 'one', 'text'],
      ['list', '--status', 'waiting'],
      ['reopen', '1'],
    ]) {
      const refused = await complaints(args);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^npm run complaints: .+\n\nUsage: npm run complaints -- <command>/);
    }
  });
});

describe('npm run complaints against a development server with no ADMIN_TOKEN', () => {
  const development = useServer('kirish-complaints-dev-');

  it('answers with the published development token, which the command takes when none is set', async () => {
    const env = { PATH: process.env.PATH ?? '', KIRISH_URL: development.server.origin };
    const listed = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [SCRIPT, 'list'], { env });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(listed).toEqual({ code: 0, stderr: '' });
    // Anyone else's token is still refused: the API is the operator's.
    const wrong = await fetch(`${development.server.origin}/common/api/v1/operator/complaints/`, {
      headers: { authorization: 'Bearer not-the-servers-token-but-32-characters' },
    });
    expect(wrong.status).toBe(404);
  });
});
