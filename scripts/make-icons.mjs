// Regenerates public/favicon.ico from public/favicon.svg, and public/logo-mail.png (the logo of e-mails,
// where SVG does not show in many clients) from public/logo.svg (run by hand when the logo changes).
// An .ico file may hold PNG images directly, so this needs only sharp.
import fs from 'node:fs';
import sharp from 'sharp';

const svg = fs.readFileSync('public/favicon.svg');
const sizes = [16, 32, 48];
const pngs = await Promise.all(sizes.map((s) => sharp(svg).resize(s, s).png().toBuffer()));
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((size, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry);
  header.writeUInt8(size, entry + 1);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(pngs[i].length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += pngs[i].length;
});
fs.writeFileSync('public/favicon.ico', Buffer.concat([header, ...pngs]));
console.log('public/favicon.ico written');

await sharp(fs.readFileSync('public/logo.svg')).resize(64, 64).png().toFile('public/logo-mail.png');
console.log('public/logo-mail.png written');
