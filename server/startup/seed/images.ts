/**
 * Demo pictures drawn as SVG by the project itself (no downloads, no fonts needed) and stored through
 * the normal upload path as PNG, so seeded images get the same WebP variants as uploaded ones.
 */
const PALETTES = [
  ['#0f4c81', '#42a5f5', '#e3f2fd'],
  ['#5b2c83', '#ab47bc', '#f3e5f5'],
  ['#0b6e4f', '#26a69a', '#e0f2f1'],
  ['#b3541e', '#ff8a50', '#fff3e0'],
  ['#263238', '#78909c', '#eceff1'],
] as const;

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

const gradient = (id: string, a: string, b: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;

/** A product screenshot: browser window with a chart, cards and a sidebar. */
export function productScreen(index: number): string {
  const [dark, mid, light] = PALETTES[index % PALETTES.length]!;
  const w = 960;
  const h = 640;
  const bars = Array.from({ length: 8 }, (_, i) => {
    const bh = 60 + ((i * 37 + index * 53) % 150);
    return `<rect x="${330 + i * 66}" y="${470 - bh}" width="40" height="${bh}" rx="6" fill="${i % 2 ? mid : dark}" opacity="0.9"/>`;
  }).join('');
  const line = Array.from({ length: 9 }, (_, i) => `${330 + i * 64},${250 - ((i * 29 + index * 17) % 90)}`).join(' ');
  return svg(
    w,
    h,
    `${gradient('bg', light, '#ffffff')}<rect width="${w}" height="${h}" fill="url(#bg)"/>
    <rect x="40" y="40" width="${w - 80}" height="${h - 80}" rx="18" fill="#fff" stroke="${mid}" stroke-opacity="0.35" stroke-width="2"/>
    <rect x="40" y="40" width="${w - 80}" height="48" rx="18" fill="${dark}"/>
    <rect x="40" y="70" width="${w - 80}" height="18" fill="${dark}"/>
    <circle cx="72" cy="64" r="8" fill="#ff6b6b"/><circle cx="100" cy="64" r="8" fill="#ffd93d"/><circle cx="128" cy="64" r="8" fill="#6bcb77"/>
    <rect x="40" y="88" width="230" height="${h - 128}" fill="${light}"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="64" y="${120 + i * 52}" width="${150 - (i % 3) * 25}" height="18" rx="9" fill="${i === 1 ? dark : mid}" opacity="${i === 1 ? 1 : 0.45}"/>`).join('')}
    <rect x="310" y="116" width="590" height="160" rx="14" fill="${light}"/>
    <polyline points="${line}" fill="none" stroke="${dark}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="310" y="296" width="590" height="190" rx="14" fill="#fafafa"/>${bars}
    ${[0, 1, 2].map((i) => `<rect x="${310 + i * 200}" y="506" width="180" height="70" rx="12" fill="${i === 0 ? dark : light}"/>`).join('')}`,
  );
}

/** A service illustration: overlapping shapes in the palette. */
export function serviceArt(index: number): string {
  const [dark, mid, light] = PALETTES[index % PALETTES.length]!;
  return svg(
    800,
    520,
    `${gradient('bg', dark, mid)}<rect width="800" height="520" fill="url(#bg)"/>
    <circle cx="${200 + index * 60}" cy="200" r="150" fill="${light}" opacity="0.18"/>
    <circle cx="${600 - index * 40}" cy="360" r="190" fill="#fff" opacity="0.12"/>
    <rect x="250" y="150" width="300" height="220" rx="28" fill="#fff" opacity="0.95"/>
    <rect x="285" y="190" width="150" height="20" rx="10" fill="${dark}"/>
    <rect x="285" y="230" width="230" height="14" rx="7" fill="${mid}" opacity="0.6"/>
    <rect x="285" y="258" width="200" height="14" rx="7" fill="${mid}" opacity="0.6"/>
    <rect x="285" y="306" width="110" height="36" rx="18" fill="${dark}"/>`,
  );
}

/** A team portrait: a head-and-shoulders silhouette, 2x the 260x280 display size. */
export function portrait(index: number): string {
  const [dark, mid, light] = PALETTES[(index + 1) % PALETTES.length]!;
  const skin = ['#f1c27d', '#c68642', '#8d5524', '#e0ac69'][index % 4];
  const hair = ['#3b2314', '#1c1c1c', '#6b4423', '#b5651d'][index % 4];
  return svg(
    520,
    560,
    `${gradient('bg', light, mid)}<rect width="520" height="560" fill="url(#bg)"/>
    <path d="M70 560 C90 420 170 380 260 380 C350 380 430 420 450 560 Z" fill="${dark}"/>
    <path d="M220 330 h80 v70 h-80 z" fill="${skin}"/>
    <ellipse cx="260" cy="250" rx="92" ry="108" fill="${skin}"/>
    <path d="M166 240 C160 150 220 120 262 120 C320 120 366 160 354 244 C340 200 300 180 262 182 C220 184 186 200 166 240 Z" fill="${hair}"/>`,
  );
}

/** An office scene for the About sections. */
export function officeScene(index: number): string {
  const [dark, mid, light] = PALETTES[(index + 2) % PALETTES.length]!;
  return svg(
    960,
    720,
    `${gradient('bg', light, '#ffffff')}<rect width="960" height="720" fill="url(#bg)"/>
    <rect x="0" y="520" width="960" height="200" fill="${mid}" opacity="0.25"/>
    <rect x="120" y="120" width="320" height="220" rx="12" fill="${dark}" opacity="0.9"/>
    <rect x="140" y="140" width="280" height="180" rx="8" fill="${light}"/>
    <rect x="520" y="90" width="300" height="300" rx="150" fill="${mid}" opacity="0.35"/>
    <rect x="160" y="420" width="640" height="30" rx="8" fill="${dark}"/>
    <rect x="200" y="450" width="24" height="140" fill="${dark}"/><rect x="736" y="450" width="24" height="140" fill="${dark}"/>
    <rect x="260" y="360" width="180" height="60" rx="8" fill="#37474f"/><rect x="520" y="340" width="200" height="80" rx="8" fill="#455a64"/>
    <circle cx="660" cy="240" r="54" fill="${dark}" opacity="0.8"/>`,
  );
}
