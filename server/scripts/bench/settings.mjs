/** The command line of server/scripts/bench.mjs: its flags and the usage message. */

/** The sign-up codes one address may be sent in an hour (server/src/config/policy.ts, OTP_HOURLY_CAP_PER_IP). */
const MAX_LOGIN_ACCOUNTS = 30;

export function parseArgs(argv) {
  const settings = {
    seconds: 10,
    lanes: 32,
    concurrency: 8,
    loginAccounts: 16,
    warmup: 2,
    loginWarmup: 30,
    database: 'sqlite',
    rounds: undefined,
    hashes: 'split',
  };
  const names = {
    '--seconds': 'seconds',
    '--lanes': 'lanes',
    '--concurrency': 'concurrency',
    '--login-accounts': 'loginAccounts',
    '--warmup': 'warmup',
    '--login-warmup': 'loginWarmup',
    '--rounds': 'rounds',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const raw = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (flag === '--database') {
      if (raw !== 'sqlite' && raw !== 'postgres')
        usage(`--database needs sqlite or postgres (got ${JSON.stringify(raw)})`);
      settings.database = raw;
      continue;
    }
    if (flag === '--hashes') {
      if (raw !== 'split' && raw !== 'default') usage(`--hashes needs split or default (got ${JSON.stringify(raw)})`);
      settings.hashes = raw;
      continue;
    }
    const key = names[flag];
    if (!key) usage(`unknown argument ${JSON.stringify(arg)}`);
    const value = Number(raw);
    const integer = key === 'lanes' || key === 'concurrency' || key === 'loginAccounts' || key === 'rounds';
    if (raw === undefined || raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      usage(`${flag} needs ${integer ? 'a whole number' : 'a number'} (got ${JSON.stringify(raw)})`);
    }
    const mayBeZero = key === 'warmup' || key === 'loginWarmup';
    if (mayBeZero ? value < 0 : value <= 0) usage(`${flag} must be ${mayBeZero ? 'zero or more' : 'positive'}`);
    // The accounts' codes come from one address: its hourly cap of codes (OTP_HOURLY_CAP_PER_IP) bounds them.
    if (key === 'loginAccounts' && value > MAX_LOGIN_ACCOUNTS) usage(`${flag} must be at most ${MAX_LOGIN_ACCOUNTS}`);
    settings[key] = value;
  }
  // The comparisons of issue 13 rest on the median of several rounds: one round swings by a third on a shared machine.
  settings.rounds ??= settings.database === 'postgres' ? 3 : 1;
  return settings;
}

function usage(message) {
  console.error(`bench: ${message}`);
  console.error(
    'usage: node server/scripts/bench.mjs [--database sqlite|postgres] [--seconds N] [--lanes N] [--concurrency N] [--login-accounts N] [--warmup N] [--login-warmup N] [--rounds N] [--hashes split|default]',
  );
  process.exit(2);
}
