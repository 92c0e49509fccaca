// Soft glows as small pre-rendered PNG sprites.
import { crc32, deflateSync } from 'node:zlib';
import { rgb } from './color.ts';
import { clamp, f, f3 } from './numbers.ts';
import { add, type Ctx } from './svg.ts';

// Radial gradients cost ~30 ns a pixel in librsvg (50 ms for a full frame), so soft glows are
// small pre-computed PNG sprites (48x48, radial alpha) that librsvg scales up bilinearly: smooth,
// band-free and a few milliseconds each.
const glowCache = new Map<string, string>();

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

function glowSprite(color: string, alpha: number, falloff: number): string {
  const key = `${color}|${f3(alpha)}|${f3(falloff)}`;
  const hit = glowCache.get(key);
  if (hit) return hit;
  const n = 48;
  const [cr, cg, cb] = rgb(color);
  const raw = Buffer.alloc((n * 4 + 1) * n);
  for (let y = 0; y < n; y++) {
    const row = y * (n * 4 + 1);
    for (let x = 0; x < n; x++) {
      const d = Math.hypot(x + 0.5 - n / 2, y + 0.5 - n / 2) / (n / 2);
      const a = d >= 1 ? 0 : Math.pow(1 - d, falloff) * (1 - d * d * d * d);
      raw.set([cr, cg, cb, Math.round(255 * clamp(alpha, 0, 1) * a)], row + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(n, 0);
  ihdr.writeUInt32BE(n, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
  const uri = `data:image/png;base64,${png.toString('base64')}`;
  if (glowCache.size > 500) glowCache.clear();
  glowCache.set(key, uri);
  return uri;
}

/** A soft elliptical glow of `color`, `alpha` at the centre fading to nothing at (rx, ry). */
export function glowShape(cx: number, cy: number, rx: number, ry: number, color: string, alpha: number, falloff = 2): string {
  return `<image href="${glowSprite(color, alpha, falloff)}" x="${f(cx - rx)}" y="${f(cy - ry)}" width="${f(rx * 2)}" height="${f(ry * 2)}" preserveAspectRatio="none"/>`;
}

export function softGlow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, color: string, alpha: number, falloff = 2): void {
  add(ctx, glowShape(cx, cy, rx, ry, color, alpha, falloff));
}
