/**
 * The operator's command, `npm run clients -- …`, run for real (node server/scripts/clients.mjs on
 * the built server, which `npm test` builds first) against a fresh SQLite file.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../server/scripts/clients.mjs', import.meta.url));

let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kirish-clients-'));
  dbPath = join(dir, 'kirish.db');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function clients(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${dbPath}`, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface ClientRow {
  id: string;
  name: string;
  kind: string;
  first_party: number;
  owner_id: string | null;
  secret_hash: string | null;
  redirect_uris: string;
  web_origins: string;
  privacy_policy_url: string;
}

function rows(): ClientRow[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT * FROM oauth_clients ORDER BY created_at, id').all() as ClientRow[];
  } finally {
    db.close();
  }
}

/** The security log, oldest first, its details parsed. */
function events() {
  const db = new Database(dbPath, { readonly: true });
  try {
    const all = db
      .prepare('SELECT user_id, type, ip, user_agent, session_id, details FROM audit_events ORDER BY id')
      .all() as { details: string }[];
    return all.map((event) => ({ ...event, details: JSON.parse(event.details) as unknown }));
  } finally {
    db.close();
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const ADD = [
  'add',
  '--name',
  'Bozor Shop',
  '--home-page',
  'https://bozor.example.uz/',
  '--privacy-policy',
  'https://bozor.example.uz/privacy',
];

describe('npm run clients', () => {
  it('adds a confidential client, prints its secret once, and keeps only the hash', () => {
    const added = clients([
      ...ADD,
      '--redirect-uri',
      'https://bozor.example.uz/cb',
      '--redirect-uri',
      'http://127.0.0.1:18090/cb',
      '--origin',
      'https://bozor.example.uz',
      '--confidential',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const printed = JSON.parse(added.stdout) as {
      client_id: string;
      client_secret: string;
      app: Record<string, unknown>;
    };
    expect(printed.client_secret).toMatch(/^kirish_secret_[A-Za-z0-9_-]{43}$/);
    expect(printed.app).toMatchObject({
      client_id: printed.client_id,
      kind: 'confidential',
      first_party: false,
      owner_id: null,
      has_secret: true,
    });
    expect(rows()).toEqual([
      expect.objectContaining({
        id: printed.client_id,
        name: 'Bozor Shop',
        kind: 'confidential',
        first_party: 0,
        owner_id: null,
        secret_hash: sha256(printed.client_secret),
        redirect_uris: '["https://bozor.example.uz/cb","http://127.0.0.1:18090/cb"]',
        web_origins: '["https://bozor.example.uz"]',
      }),
    ]);
    expect(JSON.stringify(rows())).not.toContain(printed.client_secret);
  });

  it('adds a public first-party client without a secret, and lists every client as a table or JSON', () => {
    const added = clients([...ADD, '--origin', 'http://localhost:5173', '--first-party']);
    expect(added.code, added.stderr).toBe(0);
    const printed = JSON.parse(added.stdout) as { client_id: string; client_secret?: string };
    expect(printed.client_secret).toBeUndefined();
    expect(rows()[0]).toMatchObject({ kind: 'public', first_party: 1, secret_hash: null });

    const table = clients(['list']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^CLIENT ID\s+NAME\s+KIND\s+PARTY\s+OWNER/);
    expect(table.stdout).toContain(`${printed.client_id}  Bozor Shop  public  first  operator`);
    const json = clients(['list', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        client_id: printed.client_id,
        web_origins: ['http://localhost:5173'],
        first_party: true,
      }),
    ]);
  });

  it('rotates a confidential secret (the old hash is gone) and refuses a public client', () => {
    const confidential = JSON.parse(
      clients([...ADD, '--redirect-uri', 'https://bozor.example.uz/cb', '--confidential']).stdout,
    ) as {
      client_id: string;
      client_secret: string;
    };
    const rotated = clients(['rotate-secret', confidential.client_id]);
    expect(rotated.code, rotated.stderr).toBe(0);
    const secret = (JSON.parse(rotated.stdout) as { client_secret: string }).client_secret;
    expect(secret).not.toBe(confidential.client_secret);
    expect(rows()[0]?.secret_hash).toBe(sha256(secret));

    const publicId = (
      JSON.parse(clients([...ADD, '--redirect-uri', 'https://bozor.example.uz/cb']).stdout) as { client_id: string }
    ).client_id;
    const refused = clients(['rotate-secret', publicId]);
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toContain('public client');
  });

  it('removes a client, and says so plainly for an unknown one', () => {
    const id = (
      JSON.parse(clients([...ADD, '--redirect-uri', 'https://bozor.example.uz/cb']).stdout) as { client_id: string }
    ).client_id;
    const removed = clients(['remove', id]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(rows()).toEqual([]);
    const unknown = clients(['remove', id]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`no client has the id "${id}"`);
  });

  it("writes the operator's rotate-secret and remove of an account's app into the owner's security log; an operator's own app into none", () => {
    const owned = JSON.parse(
      clients([...ADD, '--redirect-uri', 'https://bozor.example.uz/cb', '--confidential']).stdout,
    ) as { client_id: string };
    const own = JSON.parse(
      clients([...ADD, '--redirect-uri', 'https://bozor.example.uz/cb', '--confidential']).stdout,
    ) as { client_id: string };
    // An account that registered the first app in the Developers section.
    const db = new Database(dbPath);
    try {
      db.prepare(
        "INSERT INTO users (id, phone, first_name, last_name, created_at, updated_at) VALUES ('owner-1', '+998901000001', 'Aziz', 'Karimov', 1, 1)",
      ).run();
      db.prepare("UPDATE oauth_clients SET owner_id = 'owner-1' WHERE id = ?").run(owned.client_id);
    } finally {
      db.close();
    }
    for (const args of [
      ['rotate-secret', owned.client_id],
      ['remove', owned.client_id],
      ['rotate-secret', own.client_id],
      ['remove', own.client_id],
    ]) {
      const answer = clients(args);
      expect(answer.code, answer.stderr).toBe(0);
    }
    expect(events()).toEqual([
      {
        user_id: 'owner-1',
        type: 'app_secret_rotated_by_operator',
        ip: '',
        user_agent: null,
        session_id: null,
        details: { client_id: owned.client_id, name: 'Bozor Shop' },
      },
      {
        user_id: 'owner-1',
        type: 'app_removed_by_operator',
        ip: '',
        user_agent: null,
        session_id: null,
        details: { client_id: owned.client_id, name: 'Bozor Shop' },
      },
    ]);
  });

  it("registers where RP-initiated logout may return, under the redirect URIs' rules", () => {
    const added = clients([
      ...ADD,
      '--redirect-uri',
      'https://bozor.example.uz/cb',
      '--post-logout-uri',
      'https://bozor.example.uz/bye',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(
      (JSON.parse(added.stdout) as { app: { post_logout_redirect_uris: string[] } }).app.post_logout_redirect_uris,
    ).toEqual(['https://bozor.example.uz/bye']);
    const refused = clients([
      ...ADD,
      '--redirect-uri',
      'https://bozor.example.uz/cb',
      '--post-logout-uri',
      'https://bozor.example.uz/bye#x',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--post-logout-uri: ');
    expect(refused.stderr).toContain('(uri_fragment_not_allowed)');
  });

  it.each([
    ['no command', []],
    ['an unknown command', ['erase']],
    ['an unknown option', ['list', '--all']],
    ['a missing client id', ['remove']],
    ['an option without its value', [...ADD, '--redirect-uri']],
  ])('answers %s with the usage and exit code 2', (_name, args) => {
    const answer = clients(args);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('Usage: npm run clients -- <command>');
    expect(answer.stderr).not.toMatch(/\n\s+at /);
  });

  it('applies the rules of the Developers API to the addresses, and writes nothing when one is wrong', () => {
    const answer = clients([
      ...ADD,
      '--redirect-uri',
      'http://bozor.example.uz/cb',
      '--origin',
      'https://bozor.example.uz/',
    ]);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain(
      '--redirect-uri: A redirect URI must start with https://, or be a phone app’s own scheme named after its domain in reverse (uz.shop.app:/callback); http:// is allowed only for localhost while developing. (redirect_uri_scheme_required)',
    );
    expect(answer.stderr).toContain('--origin: A web origin is only the scheme, host and port');
    expect(clients(['add', '--name', 'X']).stderr).toContain('--home-page');
    expect(rows()).toEqual([]);
  });

  it('refuses plain http even on loopback in production', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://id.kirish.uz',
      SMTP_URL: 'smtps://u:p@smtp.kirish.uz:465',
      SMS_GATEWAY_URL: 'https://sms.example.uz/send',
      KEY_ENCRYPTION_SECRET: 'a-test-secret-of-thirty-two-characters',
    };
    const answer = clients([...ADD, '--redirect-uri', 'http://127.0.0.1:18090/cb'], production);
    expect(answer.code, answer.stderr).toBe(2);
    expect(answer.stderr).toContain('redirect_uri_scheme_required');
  });

  it('stops with the reason when the environment is wrong', () => {
    const answer = clients(['list'], { DATABASE_URL: 'mysql://db/kirish' });
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('DATABASE_URL must be sqlite:PATH');
    expect(answer.stderr).not.toMatch(/\n\s+at /);
  });
});
