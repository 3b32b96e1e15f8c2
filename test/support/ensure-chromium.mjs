#!/usr/bin/env node
/**
 * Makes sure the Chromium the browser tests use (test/support/browser.ts: $CHROMIUM_PATH, else
 * Debian's /usr/bin/chromium) is there and runs, before `vitest run`. As root (CI containers) it
 * installs Debian's package with apt-get; otherwise it says what to run and fails. It never skips
 * the browser tests silently, and it never downloads a browser of its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const fromEnv = process.env.CHROMIUM_PATH;
const executable = fromEnv || '/usr/bin/chromium';

/** The version line of `<executable> --version`, or undefined if it is missing or does not run. */
function version() {
  if (!existsSync(executable)) return undefined;
  const check = spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (check.error || check.status !== 0) return undefined;
  const line = check.stdout
    .trim()
    .split('\n')
    .find((l) => l.trim() !== '');
  return line ?? `${executable} (no version printed)`;
}

function ok(line) {
  console.log(`Browser tests: ${line.trim()} (${executable})`);
  process.exit(0);
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

function run(command, args, env = process.env) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) fail(`Could not run ${command}: ${result.error.message}`);
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}.`);
}

const found = version();
if (found) ok(found);

if (fromEnv) {
  // The tests launch $CHROMIUM_PATH, so installing Debian's package would not help them.
  fail(
    `CHROMIUM_PATH=${fromEnv} ${existsSync(fromEnv) ? 'does not run (`--version` failed)' : 'does not exist'}: fix it, or unset it to use /usr/bin/chromium.`,
  );
}

if (process.getuid?.() !== 0) {
  fail('The browser tests need Chromium: run `sudo apt-get install chromium` (Debian) and run npm test again.');
}

console.log("Chromium is missing: installing Debian's package (apt-get install chromium).");
run('apt-get', ['update']);
run('apt-get', ['install', '-y', 'chromium'], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });

const installed = version();
if (installed) ok(installed);
fail(
  `apt-get installed chromium, but ${executable} still does not run (\`${executable} --version\` failed). The browser tests cannot run.`,
);
