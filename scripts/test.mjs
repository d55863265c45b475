#!/usr/bin/env node
/**
 * `npm test`: every check of the project, with independent steps side by side (docs/decisions/0026-fast-test-runs.md).
 *
 *   stage 1: lint → typecheck   beside   test:unit → build
 *   stage 2: test:api           beside   test:browser        (both need the build; only when stage 1 passed)
 *
 * The two lanes of a stage share nothing they write: lint and typecheck both run `react-router typegen`,
 * so they stay in one lane; the build writes only build/ and public/tinymce/, which the linters ignore.
 * Each step's output is kept and printed whole when the step ends (never interleaved with the other lane),
 * under a `== step` heading; a line says when each step starts and ends. A failed step stops its lane
 * (the rest of the stage finishes), stage 2 does not start, the failed steps' names are printed last and
 * the command exits with 1. `TEST_SEQUENTIAL=1` runs the same steps one after another, output streamed.
 */
import { spawn } from 'node:child_process';

const STAGES = [
  [
    ['lint', 'typecheck'],
    ['test:unit', 'build'],
  ],
  [['test:api'], ['test:browser']],
];

const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const sequential = process.env.TEST_SEQUENTIAL === '1';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Buffered output loses the terminal: keep the colours when the command itself writes to one.
const env = process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: '1' } : process.env;

/** Runs `npm run <script>`; resolves to its exit code, with its output (when buffered). */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      env,
      stdio: sequential ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.stack ?? err}\n`)));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });
}

const failed = [];
const times = [];

async function lane(scripts) {
  for (const script of scripts) {
    const from = Date.now();
    console.log(`${clock()}  start ${script}`);
    if (sequential) console.log(`\n== ${script}`);
    const { code, output } = await run(script);
    const seconds = ((Date.now() - from) / 1000).toFixed(0);
    times.push(`${script} ${seconds} s${code ? ' FAILED' : ''}`);
    if (!sequential) {
      process.stdout.write(`\n== ${script} (${code ? `FAILED, exit ${code}` : 'ok'}, ${seconds} s)\n`);
      process.stdout.write(output);
      process.stdout.write(`== end of ${script}\n\n`);
    }
    console.log(`${clock()}  ${code ? 'FAILED' : 'done'} ${script}`);
    if (code) {
      failed.push(script);
      return;
    }
  }
}

for (const stage of STAGES) {
  if (sequential) for (const scripts of stage) await lane(scripts);
  else await Promise.all(stage.map(lane));
  if (failed.length) break;
}

console.log(`\n${clock()}  ${times.join(', ')}`);
if (failed.length) {
  console.log(`npm test FAILED: ${failed.join(', ')} (its output is above, under "== ${failed[0]}")`);
  process.exit(1);
}
console.log('npm test passed');
