// The service's icon, answered at /favicon.ico on every origin (API, dashboard, site, and each status
// page's custom domain): browsers ask for it on every page, and a 404 there fills logs and consoles.
// A 32×32 ICO drawn here at start (a green disc with a white tick, antialiased), so no binary file
// lives in the repository and nothing is read from disk. A status page with its own icon links to it
// in its head, which browsers prefer.

const SIZE = 32;
/** Samples per pixel side, for the antialiased edges. */
const SAMPLES = 4;
const GREEN = [0x1a, 0x7f, 0x37] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
/** The tick, in pixel coordinates, and half its stroke width. */
const TICK: ReadonlyArray<readonly [number, number]> = [
  [9, 16.5],
  [13.5, 21],
  [23, 11.5],
];
const HALF_STROKE = 1.9;

function distanceToSegment(x: number, y: number, a: readonly [number, number], b: readonly [number, number]): number {
  const [ax, ay] = a;
  const [bx, by] = b;
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** RGBA of one pixel: the share of its samples inside the disc, and of those on the tick. */
function pixel(px: number, py: number): [number, number, number, number] {
  let disc = 0;
  let tick = 0;
  for (let i = 0; i < SAMPLES; i++) {
    for (let j = 0; j < SAMPLES; j++) {
      const x = px + (i + 0.5) / SAMPLES;
      const y = py + (j + 0.5) / SAMPLES;
      if (Math.hypot(x - SIZE / 2, y - SIZE / 2) > SIZE / 2 - 1) continue;
      disc += 1;
      if (
        Math.min(distanceToSegment(x, y, TICK[0], TICK[1]), distanceToSegment(x, y, TICK[1], TICK[2])) <= HALF_STROKE
      ) {
        tick += 1;
      }
    }
  }
  if (disc === 0) return [0, 0, 0, 0];
  const w = tick / disc;
  const mix = (k: 0 | 1 | 2) => Math.round(GREEN[k] * (1 - w) + WHITE[k] * w);
  return [mix(0), mix(1), mix(2), Math.round((disc / (SAMPLES * SAMPLES)) * 255)];
}

/** An ICO file with one 32×32 32-bit BMP image (alpha channel; the AND mask left clear). */
function drawIco(): Buffer {
  const pixels = SIZE * SIZE * 4;
  const mask = SIZE * (Math.ceil(SIZE / 32) * 4);
  const image = 40 + pixels + mask;
  const out = Buffer.alloc(6 + 16 + image);
  // ICONDIR: reserved, type 1 (icon), one image.
  out.writeUInt16LE(0, 0);
  out.writeUInt16LE(1, 2);
  out.writeUInt16LE(1, 4);
  // ICONDIRENTRY: width, height, no palette, reserved, planes, bits, bytes, offset.
  out.writeUInt8(SIZE, 6);
  out.writeUInt8(SIZE, 7);
  out.writeUInt16LE(1, 10);
  out.writeUInt16LE(32, 12);
  out.writeUInt32LE(image, 14);
  out.writeUInt32LE(22, 18);
  // BITMAPINFOHEADER: the height counts the colour rows and the mask rows.
  const h = 22;
  out.writeUInt32LE(40, h);
  out.writeInt32LE(SIZE, h + 4);
  out.writeInt32LE(SIZE * 2, h + 8);
  out.writeUInt16LE(1, h + 12);
  out.writeUInt16LE(32, h + 14);
  out.writeUInt32LE(0, h + 16);
  out.writeUInt32LE(pixels + mask, h + 20);
  // BGRA rows, bottom row first.
  let at = h + 40;
  for (let row = SIZE - 1; row >= 0; row--) {
    for (let col = 0; col < SIZE; col++) {
      const [r, g, b, a] = pixel(col, row);
      out.writeUInt8(b, at);
      out.writeUInt8(g, at + 1);
      out.writeUInt8(r, at + 2);
      out.writeUInt8(a, at + 3);
      at += 4;
    }
  }
  return out;
}

let ico: Buffer | null = null;

/** The icon's bytes (drawn once). */
export function faviconIco(): Buffer {
  return (ico ??= drawIco());
}

export const FAVICON_TYPE = 'image/x-icon';
/** A day: the icon changes only with a release. */
export const FAVICON_CACHE_CONTROL = 'public, max-age=86400';
