#!/usr/bin/env node
/**
 * Makes sure PostgreSQL's server binaries (Debian's `postgresql` package) are there before
 * `vitest run`, whose storage tests start a throwaway cluster with them (postgres-cluster.mjs). As
 * root (CI containers) it installs the package with apt-get; otherwise it says what to run and
 * fails. It installs nothing else and starts no server.
 */
import { ensurePostgres } from './postgres-cluster.mjs';

try {
  console.log(`PostgreSQL tests: ${ensurePostgres()}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
