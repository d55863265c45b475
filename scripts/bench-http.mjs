// What the HTTP benchmarks share (`npm run bench`, `npm run bench:analytics`): wrk and its summary, a raw
// GET that keeps the answer's bytes as sent, and Debian's nginx serving given bytes as a static file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './serve-temp.mjs';

/**
 * Runs wrk (one thread) and reads its summary: req/s, requests, p50 and p99 in ms, socket errors and
 * non-2xx answers. `script`: a Lua file; `args`: what follows `--` (the script's init(args)).
 */
export function wrk(url, { connections = 50, seconds = 5, headers = [], script, args = [], bin = 'wrk' } = {}) {
  const argv = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h])];
  if (script) argv.push('-s', script);
  argv.push(url);
  if (args.length) argv.push('--', ...args.map(String));
  return new Promise((resolve, reject) => {
    const child = spawn(bin, argv);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`wrk failed:\n${out}`));
      const ms = (p) => {
        const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
        if (!m) return NaN;
        return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]];
      };
      resolve({
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
        requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
        p50: ms(50),
        p99: ms(99),
        errors: /Socket errors: (.*)/.exec(out)?.[1] ?? '',
        non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
        output: out,
      });
    });
  });
}

/** The raw bytes of an answer, as sent (Node's fetch would undo the compression). */
export function rawGet(url, encoding = 'gzip') {
  return new Promise((resolve, reject) => {
    const headers = encoding === 'identity' ? {} : { 'accept-encoding': encoding };
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** nginx with one worker serving `html.identity` (and `html.gzip` as its .gz twin) at `/post`, from `dir`. */
export async function startNginx(dir, html, bin = '/usr/sbin/nginx') {
  const port = await freePort();
  // nginx's worker drops root's rights: it must be able to read the folder (mkdtemp makes it 0700).
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'post'), html.identity);
  if (html.gzip) fs.writeFileSync(path.join(dir, 'post.gz'), html.gzip);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    location = /post { root ${dir}; default_type 'text/html; charset=utf-8'; gzip_static on; }
  }
}
`,
  );
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const child = spawn(bin, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 50; i++) {
    const ok = await rawGet(`http://127.0.0.1:${port}/post`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}/post`, stop: () => child.kill('SIGQUIT') };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
