// `npm start`: builds what is missing, then runs the SSO server (which migrates and seeds its database).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const builds = [
  // Written by build:app's last page step (prerender.mjs): an app built before it existed is built again.
  ['dist/app/csp-sources.json', 'build:app'],
  ['dist/widget/widget.js', 'build:widget'],
  ['dist/demo/index.html', 'build:demo'],
  ['server/dist/main.js', 'build:server'],
];

for (const [output, script] of builds) {
  if (existsSync(`${root}${output}`)) continue;
  console.log(`Building ${output} (npm run ${script}) ...`);
  const result = spawnSync(npm, ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [`${root}server/dist/main.js`], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
