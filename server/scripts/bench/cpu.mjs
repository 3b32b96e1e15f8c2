/** CPU accounting (Linux /proc; elsewhere the server's share is not reported) and the file system of the database. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/** CPU seconds (user + system, all threads) used so far by a process, or undefined off Linux. */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / ticksPerSecond();
  } catch {
    return undefined;
  }
}

function clientCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The client's CPU seconds and the servers' together (every instance of the configuration). */
export function cpuSnapshot(serverPids) {
  const each = serverPids.map(processCpuSeconds);
  const server = each.includes(undefined) ? undefined : each.reduce((a, b) => a + b, 0);
  return { at: performance.now(), client: clientCpuSeconds(), server };
}

export function cpuShare(from, to) {
  const wall = (to.at - from.at) / 1000;
  const share = (a, b) => (a === undefined || b === undefined || wall <= 0 ? undefined : (b - a) / wall);
  return { client: share(from.client, to.client), server: share(from.server, to.server) };
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
