// Copies the self-hosted TinyMCE (what the editor loads at run time: minified scripts, skins, icons) into
// the client build, so it is served from /tinymce/tinymce.min.js like any other static file.
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = 'node_modules/tinymce';
const KEEP = /(\.min\.js|\.min\.css|\.css|\.woff2?|\.ttf|\.svg|\.png|\.gif)$/;

export function copyTinymce(target) {
  let files = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const from = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(from);
      else if (KEEP.test(entry.name) || entry.name === 'license.md') {
        const to = path.join(target, path.relative(SOURCE, from));
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(from, to);
        files++;
      }
    }
  };
  walk(SOURCE);
  return files;
}
