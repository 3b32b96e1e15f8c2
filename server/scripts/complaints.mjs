// `npm run complaints -- list|take|answer|close`: support's command for complaints (docs/deploy.md, The
// operator API). It speaks to a running Kirish over its operator API rather than opening the database:
// an answer must reach the person through the server's own senders (its SMS gateways and SMTP, or the
// dev outbox outside production), which only the running server has; the operator needs the URL and
// ADMIN_TOKEN, never the database's credentials; and the API's rules (a closed complaint takes no
// answer, the text's limits) hold for every way of answering alike.
//
// Environment: ADMIN_TOKEN (the server's), KIRISH_URL (default PUBLIC_URL, else http://localhost:8080).
// Exit codes: 0 done, 1 the command could not be carried out (no server, wrong token, unknown or closed
// complaint), 2 bad arguments (the usage or the problem is printed). Never a stack trace.
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run complaints -- <command>

  list [--status new|in_progress|answered|closed] [--json]
        Lists complaints, newest first (the last 50).
  take NUMBER
        Takes a new complaint in hand: its status becomes in_progress until the answer.
  answer NUMBER "TEXT"
        Adds the answer, marks the complaint answered and tells the person by SMS or e-mail.
  close NUMBER
        Closes the complaint: it takes no more answers.

The server is KIRISH_URL (default PUBLIC_URL, else http://localhost:8080); ADMIN_TOKEN must be its own.`;

const STATUSES = ['new', 'in_progress', 'answered', 'closed'];

class UsageError extends Error {}
class CommandError extends Error {}

function parse(args, options, positionals) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length !== positionals)
    throw new UsageError(`expected ${positionals} argument(s), got ${parsed.positionals.length}`);
  return parsed;
}

function complaintNumber(raw) {
  if (!/^[1-9]\d{0,11}$/.test(raw)) throw new UsageError(`a complaint number is a whole number from 1 (got ${raw})`);
  return raw;
}

// The published token a development server on a loopback address has when ADMIN_TOKEN is unset
// (server/src/config/operations-config.ts, DEVELOPMENT_ADMIN_TOKEN; test/complaints-command.test.ts runs this command against such a server with none set).
const DEVELOPMENT_ADMIN_TOKEN = 'kirish-development-operator-token-0000';
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function server() {
  const base = (process.env.KIRISH_URL || process.env.PUBLIC_URL || 'http://localhost:8080').replace(/\/+$/, '');
  if (!URL.canParse(base)) throw new CommandError(`KIRISH_URL is not a URL (got ${base})`);
  let token = (process.env.ADMIN_TOKEN ?? '').trim();
  if (token === '' && LOOPBACK.test(new URL(base).hostname)) token = DEVELOPMENT_ADMIN_TOKEN;
  if (token === '') throw new CommandError("ADMIN_TOKEN is not set: set it to the server's ADMIN_TOKEN");
  return { base: `${base}/common/api/v1/operator`, token };
}

async function call({ base, token }, method, path, body) {
  let response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new CommandError(
      `could not reach ${base} (${error?.cause?.code ?? error?.message ?? error}): is Kirish running there?`,
    );
  }
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

/** The operator API answers 404 to a wrong token as to a missing path: ask the list first to tell them apart. */
async function checkToken(api) {
  const answer = await call(api, 'GET', '/complaints/?page_size=1');
  if (answer.status === 404)
    throw new CommandError(
      "the server refused the token: ADMIN_TOKEN differs from the server's, or the server has none set",
    );
  if (answer.status !== 200) throw new CommandError(`the server answered ${answer.status}`);
}

function errorKeys(json) {
  return (json?.errors ?? []).map((item) => (item.field ? `${item.error} (${item.field})` : item.error)).join(', ');
}

const firstLine = (text) => text.split('\n')[0].slice(0, 60);

async function list(args) {
  const { values } = parse(args, { status: { type: 'string' }, json: { type: 'boolean', default: false } }, 0);
  if (values.status !== undefined && !STATUSES.includes(values.status))
    throw new UsageError(`--status is one of ${STATUSES.join(', ')} (got ${values.status})`);
  const api = server();
  await checkToken(api);
  const query = `?page_size=50${values.status ? `&status=${values.status}` : ''}`;
  const answer = await call(api, 'GET', `/complaints/${query}`);
  if (answer.status !== 200) throw new CommandError(`the server answered ${answer.status}: ${errorKeys(answer.json)}`);
  const results = answer.json.results;
  if (values.json) return console.log(JSON.stringify(results, null, 2));
  if (results.length === 0) return console.log('No complaints.');
  for (const complaint of results) {
    const last = complaint.messages.at(-1);
    console.log(
      `#${complaint.number}  ${complaint.status.padEnd(11)}  ${complaint.created_at.slice(0, 16).replace('T', ' ')}  ${complaint.category.padEnd(11)}  ${complaint.contact}  ${complaint.subject}`,
    );
    console.log(`      ${last.author === 'operator' ? 'answered' : 'wrote'}: ${firstLine(last.text)}`);
  }
}

async function answerComplaint(args) {
  const { positionals } = parse(args, {}, 2);
  const number = complaintNumber(positionals[0]);
  const text = positionals[1].trim();
  if (text === '') throw new UsageError('the answer is empty');
  const api = server();
  await checkToken(api);
  const answer = await call(api, 'POST', `/complaints/${number}/answer/`, { text });
  if (answer.status === 404) throw new CommandError(`there is no complaint #${number}`);
  if (answer.status === 409) throw new CommandError(`complaint #${number} is closed: it takes no more answers`);
  if (answer.status !== 200) throw new CommandError(`the server refused the answer: ${errorKeys(answer.json)}`);
  const way = answer.json.contact.includes('@') ? 'e-mail' : 'SMS';
  console.log(
    answer.json.notified
      ? `Complaint #${number} answered; the person was told by ${way} (${answer.json.contact}).`
      : `Complaint #${number} answered, but the ${way} to ${answer.json.contact} could not be sent: the answer shows in their My complaints.`,
  );
}

async function take(args) {
  const { positionals } = parse(args, {}, 1);
  const number = complaintNumber(positionals[0]);
  const api = server();
  await checkToken(api);
  const answer = await call(api, 'POST', `/complaints/${number}/take/`);
  if (answer.status === 404) throw new CommandError(`there is no complaint #${number}`);
  if (answer.status === 409)
    throw new CommandError(
      answer.json?.errors?.[0]?.error === 'complaint_closed'
        ? `complaint #${number} is closed`
        : `complaint #${number} is not new: it is in hand or answered already`,
    );
  if (answer.status !== 200) throw new CommandError(`the server answered ${answer.status}: ${errorKeys(answer.json)}`);
  console.log(`Complaint #${number} taken in hand: in progress.`);
}

async function close(args) {
  const { positionals } = parse(args, {}, 1);
  const number = complaintNumber(positionals[0]);
  const api = server();
  await checkToken(api);
  const answer = await call(api, 'POST', `/complaints/${number}/close/`);
  if (answer.status === 404) throw new CommandError(`there is no complaint #${number}`);
  if (answer.status === 409) throw new CommandError(`complaint #${number} is closed already`);
  if (answer.status !== 200) throw new CommandError(`the server answered ${answer.status}: ${errorKeys(answer.json)}`);
  console.log(`Complaint #${number} closed.`);
}

const COMMANDS = { list, take, answer: answerComplaint, close };

async function main(argv) {
  const [command, ...args] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  const run = COMMANDS[command];
  try {
    if (!run) throw new UsageError(`unknown command ${command}`);
    await run(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`npm run complaints: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof CommandError) {
      console.error(`npm run complaints: ${error.message}`);
      return 1;
    }
    console.error(`npm run complaints: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
