/** CPU accounting (Linux /proc; elsewhere the server's share is not reported) and the file system of the database. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

let clockTicks;
function ticksPerSecond() {
  if (clockTicks === undefined) {
    const result = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    const value = Number(result.stdout?.trim());
    clockTicks = Number.isFinite(value) && value > 0 ? value : 100;
  }
  return clockTicks;
}

/** The fields of /proc/<pid>[/task/<tid>]/stat after the command name (which may contain spaces): field 3 onwards. */
function statFields(path) {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime (fields 14 and 15), with cutime + cstime (16 and 17: children that exited) when asked, in seconds. */
function cpuSecondsOf(fields, withExitedChildren = false) {
  const ticks =
    Number(fields[11]) + Number(fields[12]) + (withExitedChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  return ticks / ticksPerSecond();
}

/**
 * CPU seconds used so far by a process: all its threads, and its main thread (the event loop) apart.
 * Undefined off Linux.
 */
function processCpuSeconds(pid) {
  try {
    const all = cpuSecondsOf(statFields(`/proc/${pid}/stat`));
    const main = cpuSecondsOf(statFields(`/proc/${pid}/task/${pid}/stat`));
    return { all, main };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by a PostgreSQL cluster: its postmaster with every process it started —
 * the live ones read one by one, the exited ones (connections closed) from the postmaster's
 * children's totals. Undefined off Linux, or when the postmaster is gone.
 */
function clusterCpuSeconds(postmasterPid) {
  try {
    let total = cpuSecondsOf(statFields(`/proc/${postmasterPid}/stat`), true);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === postmasterPid) continue;
      try {
        const fields = statFields(`/proc/${entry}/stat`);
        if (Number(fields[1]) === postmasterPid) total += cpuSecondsOf(fields);
      } catch {
        // Gone between the listing and the read: its time is in the postmaster's children's totals.
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

function clientCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * CPU seconds used so far: the client's; the servers' together (every instance of the
 * configuration), and their main threads apart; the PostgreSQL cluster's, when `postmasterPid` names one.
 */
export function cpuSnapshot(serverPids, postmasterPid) {
  const each = serverPids.map(processCpuSeconds);
  const sum = (key) => (each.includes(undefined) ? undefined : each.reduce((total, usage) => total + usage[key], 0));
  return {
    at: performance.now(),
    client: clientCpuSeconds(),
    server: sum('all'),
    serverMain: sum('main'),
    database: postmasterPid === undefined ? undefined : clusterCpuSeconds(postmasterPid),
  };
}

/**
 * Between two snapshots: each part's CPU seconds (`used`), and the client's and the servers' share
 * of the wall time (1 = one core busy).
 */
export function cpuShare(from, to) {
  const wall = (to.at - from.at) / 1000;
  const used = (key) => (from[key] === undefined || to[key] === undefined ? undefined : to[key] - from[key]);
  const share = (key) => (used(key) === undefined || wall <= 0 ? undefined : used(key) / wall);
  const serverOthers =
    used('server') === undefined || used('serverMain') === undefined ? undefined : used('server') - used('serverMain');
  return {
    client: share('client'),
    server: share('server'),
    used: { serverMain: used('serverMain'), serverOthers, database: used('database') },
  };
}

/** The file system type holding a path, from /proc/mounts (longest mount-point prefix). */
export function fileSystemOf(path) {
  try {
    let best = { mount: '', type: undefined };
    for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [, mount, type] = line.split(' ');
      if (!mount || !type) continue;
      const prefix = mount.endsWith('/') ? mount : `${mount}/`;
      if ((path === mount || path.startsWith(prefix)) && mount.length > best.mount.length) best = { mount, type };
    }
    return best.type;
  } catch {
    return undefined;
  }
}
