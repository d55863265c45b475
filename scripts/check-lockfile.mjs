// Fails when package-lock.json and package.json drift apart, or when the lockfile lacks another platform's
// optional packages (docs/decisions/0016-tooling-lint-rules-and-installs.md). Run by `npm run lint`; offline
// and instant: it reads the two files, nothing else.
//   node scripts/check-lockfile.mjs
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const problems = [];
const KINDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

if (lock.lockfileVersion !== 3) problems.push(`lockfileVersion is ${lock.lockfileVersion}, npm 9 and later write 3`);
const root = lock.packages?.[''] ?? {};
if (root.name !== pkg.name || root.version !== pkg.version)
  problems.push(`the lockfile is for ${root.name}@${root.version}, package.json is ${pkg.name}@${pkg.version}`);

// 1. The root entry lists exactly what package.json lists (what `npm install` would write there).
for (const kind of KINDS) {
  const wanted = pkg[kind] ?? {};
  const locked = root[kind] ?? {};
  for (const [name, spec] of Object.entries(wanted)) {
    if (!(name in locked)) problems.push(`${kind}.${name} (${spec}) is in package.json, not in the lockfile`);
    else if (locked[name] !== spec)
      problems.push(`${kind}.${name} is ${spec} in package.json, ${locked[name]} in the lockfile`);
  }
  for (const name of Object.keys(locked))
    if (!(name in wanted)) problems.push(`${kind}.${name} is in the lockfile, no longer in package.json`);
}

// 2. Every direct dependency is locked, at the version package.json pins.
for (const kind of ['dependencies', 'devDependencies', 'optionalDependencies']) {
  for (const [name, spec] of Object.entries(pkg[kind] ?? {})) {
    const entry = lock.packages?.[`node_modules/${name}`];
    if (!entry) {
      if (kind !== 'optionalDependencies') problems.push(`${name} has no node_modules/${name} entry in the lockfile`);
      continue;
    }
    if (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec) && entry.version !== spec)
      problems.push(`${name} is pinned to ${spec} in package.json, locked at ${entry.version}`);
    const caret = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(spec);
    if (caret && entry.version?.split('.')[0] !== caret[1])
      problems.push(`${name} wants ${spec}, locked at ${entry.version}`);
  }
}

// 3. Every platform's optional packages: a lockfile written where node_modules lacked them (npm/cli#4828)
//    has the parent's optionalDependencies but no entries for them, and `npm ci` then installs no binary
//    on other platforms (esbuild, rollup, sharp, …). An optional dependency resolves like any other: in
//    the parent's own node_modules, or in a node_modules folder above it.
const resolves = (parent, name) => {
  let dir = parent;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const at = dir.lastIndexOf('node_modules/');
    dir = at <= 0 ? '' : dir.slice(0, at - 1);
  }
};
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (!where) continue;
  const missing = Object.keys(entry.optionalDependencies ?? {}).filter((name) => !resolves(where, name));
  if (missing.length)
    problems.push(`${where} has optional packages with no lockfile entry (another platform's?): ${missing.join(', ')}`);
}

if (problems.length) {
  console.error(`package-lock.json is out of step with package.json:\n  ${problems.join('\n  ')}`);
  console.error(
    'Run `npm install` and commit package-lock.json. Missing platforms: `rm -rf node_modules package-lock.json && npm install`.',
  );
  process.exit(1);
}
