// Renders deploy/nginx/site.conf.template for N app processes (docs/decisions/0015-backups-and-deployment.md).
//   node scripts/nginx-config.mjs --listen 80 --app 127.0.0.1:3001 --app 127.0.0.1:3002 [--out FILE]
//   node scripts/nginx-config.mjs --listen 8080 --app … --prefix DIR   (a whole configuration in DIR, for
//     running nginx as an ordinary user: nginx -p DIR -c DIR/nginx.conf -e DIR/error.log)
// compose.yaml and the browser test tests/e2e/nginx-cluster.spec.ts run this same script.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const templates = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'nginx');
const { values } = parseArgs({
  options: {
    listen: { type: 'string', default: '80' },
    app: { type: 'string', multiple: true },
    out: { type: 'string' },
    prefix: { type: 'string' },
  },
});

const apps = values.app ?? [];
if (!apps.length || apps.some((app) => !/^[\w.-]+:\d{1,5}$/.test(app)) || !/^[\w.:[\]-]+$/.test(values.listen)) {
  console.error(
    'Usage: node scripts/nginx-config.mjs --listen 80 --app host:port [--app host:port …] [--out FILE | --prefix DIR]',
  );
  process.exit(2);
}

const fill = (template, values) =>
  fs.readFileSync(path.join(templates, template), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, key) => values[key]);

// max_fails=0: no process is ever marked down by nginx (the template says why).
const servers = apps.map((app) => `    server ${app} max_fails=0;`).join('\n');
const site = fill('site.conf.template', { SERVERS: servers, LISTEN: values.listen });

if (values.prefix) {
  const prefix = path.resolve(values.prefix);
  fs.mkdirSync(prefix, { recursive: true });
  fs.writeFileSync(path.join(prefix, 'site.conf'), site);
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), fill('nginx.conf.template', { PREFIX: prefix }));
  console.log(`nginx -p ${prefix} -c ${prefix}/nginx.conf -e ${prefix}/error.log`);
} else if (values.out) {
  fs.mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
  fs.writeFileSync(values.out, site);
} else {
  process.stdout.write(site);
}
