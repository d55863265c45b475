// `npm start`: builds when there is no build or the sources are newer than it, then serves.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'server', 'shared', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts'];
const STAMP = 'build/.stamp';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const built = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0;
if (!built || Math.max(...SOURCES.map(newestMtime)) > built) {
  console.log('Building the site (first start or sources changed)…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['build/node/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Pass stop signals on, so the server shuts down gracefully whichever process receives them.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
