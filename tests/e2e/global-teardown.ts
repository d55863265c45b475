import fs from 'node:fs';

/** Removes the servers' temporary data folders after the run (the server has stopped by then). */
export default function globalTeardown() {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_EDITOR_DATA_DIR, process.env.E2E_EDITOR2_DATA_DIR]) {
    if (dir && dir.includes('site-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
  }
}
