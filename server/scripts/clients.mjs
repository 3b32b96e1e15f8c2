// `npm run clients -- add|list|remove|rotate-secret`: the operator's registry of OAuth clients, for
// deployments and CI (docs/api.md, Registering clients). Opens the database of DATABASE_URL exactly
// as the server does (config.ts validates the environment; migrations run first), and applies the
// rules of the Developers API (services/client-registry.ts); only the operator may register a
// first-party client, which skips the consent screen.
//
// Exit codes: 0 done, 1 the command could not be carried out (unknown client, bad environment),
// 2 bad arguments (the usage or the problem is printed). Never a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const distUrl = new URL('../dist/', import.meta.url);
const USAGE = `Usage: npm run clients -- <command>

  add --name NAME --home-page URL --privacy-policy URL
      (--redirect-uri URI ... | --origin ORIGIN ...)
      [--terms URL] [--post-logout-uri URI ...] [--confidential] [--first-party]
        Registers a client and prints it as JSON, with its secret (shown once) when confidential.
  list [--json]
        Lists every client.
  remove CLIENT_ID
        Deletes a client, its codes and grants, and ends its sessions.
  rotate-secret CLIENT_ID
        Replaces a confidential client's secret and prints the new one (shown once).

The database is the one of DATABASE_URL (default sqlite:./data/kirish.db).`;

/** A problem with what was typed: exit code 2, with the usage unless the arguments were merely invalid values. */
class UsageError extends Error {
  constructor(message, showUsage = true) {
    super(message);
    this.showUsage = showUsage;
  }
}
/** A command that could not be carried out: exit code 1. */
class CommandError extends Error {}

const ADD_OPTIONS = {
  name: { type: 'string' },
  'home-page': { type: 'string' },
  'privacy-policy': { type: 'string' },
  terms: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true, default: [] },
  origin: { type: 'string', multiple: true, default: [] },
  'post-logout-uri': { type: 'string', multiple: true, default: [] },
  confidential: { type: 'boolean', default: false },
  'first-party': { type: 'boolean', default: false },
};

/** The option an API field comes from, to name it in a message. */
const OPTION_OF_FIELD = {
  name: '--name',
  home_page: '--home-page',
  privacy_policy_url: '--privacy-policy',
  terms_url: '--terms',
  redirect_uris: '--redirect-uri',
  web_origins: '--origin',
  post_logout_redirect_uris: '--post-logout-uri',
};

function parse(args, options, positionals) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true });
    if (parsed.positionals.length !== positionals)
      throw new UsageError(`expected ${positionals} argument(s), got ${parsed.positionals.length}`);
    return parsed;
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function load() {
  if (!existsSync(fileURLToPath(new URL('services/client-registry.js', distUrl))))
    throw new CommandError('the server is not built: run npm run build:server (npm run clients does)');
  const imports = await Promise.all(
    [
      'config/config.js',
      'storage/open-database.js',
      'storage/migrations.js',
      'services/client-registry.js',
      'services/photo-store.js',
      'services/translations.js',
      'services/audit-log.js',
      'lib/api-error.js',
      'lib/clock.js',
    ].map((path) => import(new URL(path, distUrl).href)),
  );
  return Object.assign({}, ...imports);
}

function openRegistry(m) {
  let config;
  try {
    config = m.loadConfig(process.env);
  } catch (error) {
    if (error instanceof m.ConfigError) throw new CommandError(error.message);
    throw error;
  }
  // The database `npm start` uses, SQLite or PostgreSQL (storage/open-database.ts).
  const { db, storage, close } = m.openDatabase(config.database);
  return { config, db, storage, close };
}

/** The API's 400 as lines an operator reads: the option, the rule in words, and its key. */
function describeProblems(m, error) {
  return error.items
    .map(
      (item) =>
        `${OPTION_OF_FIELD[item.field] ?? item.field ?? 'request'}: ${m.translate('en', item.error)} (${item.error})`,
    )
    .join('\n');
}

const view = (m, client) => ({
  ...m.developerAppView(client),
  first_party: client.firstParty,
  owner_id: client.ownerId,
});

async function add(m, registry, args) {
  const { values } = parse(args, ADD_OPTIONS, 0);
  const allowLoopbackHttp = registry.config.env !== 'production';
  const input = {
    name: values.name ?? '',
    home_page: values['home-page'] ?? '',
    privacy_policy_url: values['privacy-policy'] ?? '',
    terms_url: values.terms ?? null,
    redirect_uris: values['redirect-uri'],
    web_origins: values.origin,
    post_logout_redirect_uris: values['post-logout-uri'],
  };
  let fields;
  try {
    fields = m.clientFieldsOf(input, allowLoopbackHttp);
  } catch (error) {
    if (error instanceof m.ApiError) throw new UsageError(describeProblems(m, error), false);
    throw error;
  }
  const kind = values.confidential ? 'confidential' : 'public';
  // An operator's client has no owner: no account's security log concerns it (see operatorEvent).
  const made = m.newClient({ fields, kind, ownerId: null, firstParty: values['first-party'], at: m.systemClock.now() });
  const client = made.client;
  await registry.storage.clients.upsert(client);
  const printed = {
    client_id: client.id,
    ...(made.secret ? { client_secret: made.secret } : {}),
    app: view(m, client),
  };
  console.log(JSON.stringify(printed, null, 2));
  if (made.secret) console.error('Keep the client_secret now: it is stored only as a hash and cannot be shown again.');
}

async function list(m, registry, args) {
  const { values } = parse(args, { json: { type: 'boolean', default: false } }, 0);
  const clients = await registry.storage.clients.list();
  if (values.json) {
    console.log(
      JSON.stringify(
        clients.map((client) => view(m, client)),
        null,
        2,
      ),
    );
    return;
  }
  const rows = [
    ['CLIENT ID', 'NAME', 'KIND', 'PARTY', 'OWNER', 'REDIRECT URIS', 'WEB ORIGINS'],
    ...clients.map((c) => [
      c.id,
      c.name,
      c.kind,
      c.firstParty ? 'first' : 'third',
      c.ownerId ?? 'operator',
      c.redirectUris.join(' '),
      c.webOrigins.join(' '),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
  if (clients.length === 0) console.log('(no clients)');
}

/**
 * The operator's change to an app an account registered goes into that account's security log, in the
 * change's own transaction, as a type of its own: its owner sees that Kirish's operator did it, not
 * someone signed in as them. It names no address or device (the command runs on the server). A
 * client with no owner (seeded, or added here) is the operator's own: no account's log concerns it,
 * and the command's printed output is its record (docs/api.md, Registering clients).
 */
async function operatorEvent(m, tx, client, type, at) {
  if (client.ownerId === null) return;
  await m.recordEvent(tx, {
    type,
    userId: client.ownerId,
    sessionId: null,
    meta: { ip: '', userAgent: null },
    at,
    details: { client_id: client.id, name: client.name },
  });
}

async function found(registry, clientId) {
  const client = await registry.storage.clients.find(clientId);
  if (!client)
    throw new CommandError(`no client has the id ${JSON.stringify(clientId)} (npm run clients -- list shows them)`);
  return client;
}

async function remove(m, registry, args) {
  const { positionals } = parse(args, {}, 1);
  const client = await found(registry, positionals[0]);
  const logo = m.logoSourceOf(client.logoUrl);
  // The logo's rows go with the client, in one transaction.
  const now = m.systemClock.now();
  await registry.storage.transaction(async (tx) => {
    await tx.clients.remove(client.id, now, 'client_removed');
    if (logo) await m.createPhotoStore(tx, m.systemClock).remove(logo);
    await operatorEvent(m, tx, client, 'app_removed_by_operator', now);
  });
  console.log(`Removed ${client.id} (${client.name}): its codes and grants are gone and its sessions ended.`);
}

async function rotateSecret(m, registry, args) {
  const { positionals } = parse(args, {}, 1);
  const client = await found(registry, positionals[0]);
  if (client.kind !== 'confidential')
    throw new CommandError(`${client.id} is a public client: ${m.translate('en', 'client_is_public')}`);
  const now = m.systemClock.now();
  const { secret, hash } = m.newClientSecret();
  await registry.storage.transaction(async (tx) => {
    await tx.clients.upsert({ ...client, secretHash: hash, secretCreatedAt: now, updatedAt: now });
    await operatorEvent(m, tx, client, 'app_secret_rotated_by_operator', now);
  });
  console.log(JSON.stringify({ client_id: client.id, client_secret: secret }, null, 2));
  console.error('The previous secret no longer works. Keep this one now: it cannot be shown again.');
}

const COMMANDS = { add, list, remove, 'rotate-secret': rotateSecret };

async function run(argv) {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    if (command === undefined) {
      console.error(USAGE);
      return 2;
    }
    console.log(USAGE);
    return 0;
  }
  const handler = COMMANDS[command];
  if (!handler) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  const m = await load();
  const registry = openRegistry(m);
  try {
    await m.migrateToLatest(registry.db);
    await handler(m, registry, args);
  } finally {
    await registry.close();
  }
  return 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(
      error.showUsage
        ? `npm run clients: ${error.message}\n\n${USAGE}`
        : `npm run clients: the client was not registered:\n${error.message}`,
    );
    process.exitCode = 2;
  } else {
    console.error(`npm run clients: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
