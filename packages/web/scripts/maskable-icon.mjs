#!/usr/bin/env node
// Draws public/icon-maskable-512.png, the installed app's icon for launchers that cut icons
// into their own shape (circle, squircle: "purpose": "maskable" in site.webmanifest), from the
// rectangles of public/favicon.svg: the background fills the whole square (no rounded corners
// of its own) and the bus is scaled into the middle 80 %, the safe zone every mask keeps.
// Our own rasteriser (rounded rectangles, 4x4 samples a pixel) and PNG writer (node:zlib): no
// image library. Run it again after changing favicon.svg: node packages/web/scripts/maskable-icon.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const SIZE = 512;
/** The bus (the SVG's rectangles after the first) drawn at this share of its size, centred. */
const SCALE = 0.78;

const svg = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
const viewBox = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
if (!viewBox) throw new Error('favicon.svg: expected a square viewBox "0 0 N N"');
const rects = [...svg.matchAll(/<rect\b([^>]*)\/>/g)].map(([, attributes]) => {
  const number = (name, fallback) => {
    const value = new RegExp(`\\b${name}="([\\d.]+)"`).exec(attributes)?.[1];
    if (value === undefined && fallback === undefined) throw new Error(`favicon.svg: a rect without ${name}`);
    return value === undefined ? fallback : Number(value);
  };
  const fill = /\bfill="#([0-9a-f]{6})"/i.exec(attributes)?.[1];
  if (!fill) throw new Error('favicon.svg: a rect without a #rrggbb fill');
  return {
    x: number('x', 0),
    y: number('y', 0),
    width: number('width'),
    height: number('height'),
    radius: number('rx', 0),
    color: [0, 2, 4].map((i) => Number.parseInt(fill.slice(i, i + 2), 16)),
  };
});
const [background, ...bus] = rects;
if (!background || bus.length === 0) throw new Error('favicon.svg: expected a background and the bus');

/** Whether a point (in viewBox units) is inside a rounded rectangle. */
function inside(r, x, y) {
  if (x < r.x || y < r.y || x > r.x + r.width || y > r.y + r.height) return false;
  const cx = Math.min(Math.max(x, r.x + r.radius), r.x + r.width - r.radius);
  const cy = Math.min(Math.max(y, r.y + r.radius), r.y + r.height - r.radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r.radius ** 2;
}

const centre = viewBox / 2;
const shapes = bus.map((r) => ({
  ...r,
  x: centre + (r.x - centre) * SCALE,
  y: centre + (r.y - centre) * SCALE,
  width: r.width * SCALE,
  height: r.height * SCALE,
  radius: r.radius * SCALE,
}));

const SAMPLES = 4;
const pixels = Buffer.alloc(SIZE * (SIZE * 4 + 1)); // each row: filter byte 0, then RGBA
for (let py = 0; py < SIZE; py++) {
  const row = py * (SIZE * 4 + 1);
  for (let px = 0; px < SIZE; px++) {
    const sum = [0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++)
      for (let sx = 0; sx < SAMPLES; sx++) {
        const x = ((px + (sx + 0.5) / SAMPLES) / SIZE) * viewBox;
        const y = ((py + (sy + 0.5) / SAMPLES) / SIZE) * viewBox;
        // The last shape that covers the point is the one seen (SVG paints in order).
        const color = shapes.findLast((s) => inside(s, x, y))?.color ?? background.color;
        for (let c = 0; c < 3; c++) sum[c] += color[c];
      }
    const at = row + 1 + px * 4;
    for (let c = 0; c < 3; c++) pixels[at + c] = Math.round(sum[c] / SAMPLES ** 2);
    pixels[at + 3] = 255;
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bits per channel
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(pixels, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = join(PUBLIC, 'icon-maskable-512.png');
writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
