/**
 * vitest's globalSetup for the projects whose tests use PostgreSQL (vite.config.ts): one throwaway
 * cluster (postgres-cluster.mjs) for the whole run, its URL handed to the tests as
 * `inject('postgresUrl')`. KIRISH_TEST_POSTGRES_URL names a server of one's own instead (its role
 * must be allowed to create databases); then no cluster is started.
 *
 * Each project runs its global setup, but all of them run in vitest's one main process: the
 * cluster is kept on globalThis and counted, so two projects share it and the last one stops it.
 */
import { startPostgresCluster } from './postgres-cluster.mjs';

const KEY = Symbol.for('kirish.test-postgres-cluster');

/** @param {import('vitest/node').TestProject} project */
export default async function setup(project) {
  const given = process.env.KIRISH_TEST_POSTGRES_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return undefined;
  }
  const shared = (globalThis[KEY] ??= { users: 0, cluster: startPostgresCluster() });
  shared.users += 1;
  const { url } = await shared.cluster;
  project.provide('postgresUrl', url);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete globalThis[KEY];
    (await shared.cluster).stop();
  };
}
