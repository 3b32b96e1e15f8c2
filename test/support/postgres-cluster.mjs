#!/usr/bin/env node
/**
 * A throwaway PostgreSQL cluster for the tests (issue 13): Debian's own server binaries
 * (/usr/lib/postgresql/<version>/bin), a data folder in a temporary folder, a free loopback port,
 * trust authentication on loopback only, one role and one database; stopped and deleted afterwards.
 * No Docker, no mock. Run from vitest's globalSetup (postgres-global-setup.mjs) or by hand:
 *
 *   node test/support/postgres-cluster.mjs      # prints a postgres:// URL, stops on Ctrl-C
 *
 * As root the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';

const DEBIAN_ROOT = '/usr/lib/postgresql';
const BINARIES = ['initdb', 'pg_ctl', 'postgres'];
/** The role and database the tests connect as; the role may create databases (a fresh one per case). */
export const TEST_ROLE = 'kirish';
export const TEST_DATABASE = 'kirish';

/** The bin folder of the newest Debian PostgreSQL that has every server binary, or undefined. */
export function findPostgresBin() {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .toSorted((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(DEBIAN_ROOT, version, 'bin');
    if (BINARIES.every((name) => existsSync(join(bin, name)))) return bin;
  }
  return undefined;
}

const isRoot = () => process.getuid?.() === 0;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
    ...options,
  });
  if (result.error) throw new Error(`Could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
  return result.stdout;
}

/** Runs a server binary as the `postgres` user when we are root, as ourselves otherwise. */
function runAsServerUser(bin, name, args) {
  const executable = join(bin, name);
  return isRoot() ? run('runuser', ['-u', 'postgres', '--', executable, ...args]) : run(executable, args);
}

/**
 * The server binaries, installed from Debian's `postgresql` package when they are missing and we
 * are root (CI containers), as ensure-chromium.mjs does for the browser; otherwise a clear failure.
 */
export function ensurePostgres(log = console.log) {
  const found = findPostgresBin();
  if (found) return found;
  if (!isRoot()) {
    throw new Error(
      "The storage tests need PostgreSQL's server binaries under /usr/lib/postgresql/<version>/bin: run `sudo apt-get install postgresql` (Debian) and run the tests again.",
    );
  }
  log("PostgreSQL is missing: installing Debian's package (apt-get install postgresql).");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], { stdio: 'inherit', env, timeout: 600_000 });
  run('apt-get', ['install', '-y', 'postgresql'], { stdio: 'inherit', env, timeout: 600_000 });
  const installed = findPostgresBin();
  if (!installed)
    throw new Error(`apt-get installed postgresql, but ${DEBIAN_ROOT}/<version>/bin has no ${BINARIES.join(', ')}.`);
  return installed;
}

/** A port nobody listens on now on 127.0.0.1 (the OS picks it; the server takes it a moment later). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster and returns its URL, its postmaster's process id and a stop function. The
 * settings below are for a TEST cluster only: fsync=off, synchronous_commit=off and
 * full_page_writes=off trade crash safety for speed, which is right for data thrown away after the
 * run and wrong for any real server.
 * `durable` keeps PostgreSQL's own defaults instead (every commit on disk before it is answered),
 * for the benchmark, which compares it with SQLite's synchronous=FULL.
 */
export async function startPostgresCluster({ log = console.log, durable = false } = {}) {
  const bin = ensurePostgres(log);
  const root = mkdtempSync(join(tmpdir(), 'kirish-postgres-'));
  const data = join(root, 'data');
  const logFile = join(root, 'server.log');
  const owner = isRoot() ? { uid: uidOf('postgres'), gid: gidOf('postgres') } : undefined;
  if (owner) chownSync(root, owner.uid, owner.gid);
  const stop = () => {
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        runAsServerUser(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } catch (error) {
        log(`Stopping the test PostgreSQL failed: ${error.message}`);
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    // The superuser is `postgres` whoever runs initdb; trust only on the socket and loopback.
    runAsServerUser(bin, 'initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const hba = join(data, 'pg_hba.conf');
    writeFileSync(
      hba,
      ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host all all ::1/128 trust', ''].join('\n'),
    );
    if (owner) chownSync(hba, owner.uid, owner.gid);
    let port;
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${root}`,
        "-c listen_addresses='127.0.0.1'",
        ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
        '-c max_connections=200',
      ].join(' ');
      try {
        runAsServerUser(bin, 'pg_ctl', ['start', '-D', data, '-l', logFile, '-w', '-t', '60', '-o', options]);
        break;
      } catch (error) {
        // Another process took the port between our check and the start: try another one.
        if (attempt >= 3) throw error;
      }
    }
    const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    try {
      // pg_signal_backend: a test database's DROP … WITH (FORCE) ends every session still in it, also a
      // background worker's (autovacuum's has no role, and without it the DROP failed: "must be a member of
      // the role whose process is being terminated or member of pg_signal_backend", seen under load).
      await admin.query(`CREATE ROLE ${TEST_ROLE} LOGIN CREATEDB IN ROLE pg_signal_backend`);
      await admin.query(`CREATE DATABASE ${TEST_DATABASE} OWNER ${TEST_ROLE}`);
    } finally {
      await admin.end();
    }
    // The postmaster's process id, first line of postmaster.pid: its CPU and its children's (the benchmark).
    const postmasterPid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return { url: `postgres://${TEST_ROLE}@127.0.0.1:${port}/${TEST_DATABASE}`, postmasterPid, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

function uidOf(user) {
  return Number(run('id', ['-u', user]).trim());
}

function gidOf(user) {
  return Number(run('id', ['-g', user]).trim());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cluster = await startPostgresCluster();
  console.log(`PostgreSQL test cluster: ${cluster.url} (Ctrl-C stops it and deletes its folder)`);
  const stop = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
