// Compares two built sites file by file, ignoring only the content hashes of bundled assets
// (`/_astro/Header.AbC12_-x.js` and `/_astro/Header.Zy98xW3q.js` are the same file). Text
// files are compared line by line after the hashes are normalised, in names and in content;
// everything else (images, fonts) byte for byte, by SHA-256. Precompressed copies are unpacked first.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const TEXT = new Set(['.html', '.htm', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg', '.webmanifest', '.map', '.md']);
/** An Astro asset name: `_astro/<name>.<8-character hash>.<ext>`. */
const ASSET_HASH = /(_astro\/[^"'\s()?#,\\]*?)\.[A-Za-z0-9_-]{8}\.([a-z0-9]+)\b/g;

/**
 * Not pages: the hash of the build's inputs (code and content cache). The content cache holds
 * `updatedAt` times the seed sets to the moment it runs, so this marker differs between any two
 * builds, even of the same commit.
 */
export const IGNORED = ['.verdant-build-hash'];

/** An island's uid, which Astro derives from its chunk's URL and props: a hash in all but name. */
const ISLAND_UID = /(<astro-island uid=")[^"]*"/g;

export function normaliseHashes(text: string): string {
  return text.replace(ASSET_HASH, '$1.[hash].$2').replace(ISLAND_UID, '$1[uid]"');
}

export type Difference = { file: string; reason: string };

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() || e.isSymbolicLink()) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out;
}

/** Normalised name → the files that have it (two chunks can share a name and differ by hash). */
function byNormalisedName(dir: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const f of listFiles(dir)) {
    const key = normaliseHashes(f);
    map.set(key, [...(map.get(key) ?? []), f]);
  }
  return map;
}

function contentOf(dir: string, file: string): string {
  let buf = readFileSync(join(dir, file));
  let name = file;
  // Precompressed copies (.gz, .br) are compared by what they contain, so asset hashes inside
  // them are normalised too.
  if (name.endsWith('.gz')) [buf, name] = [gunzipSync(buf), name.slice(0, -3)];
  else if (name.endsWith('.br')) [buf, name] = [brotliDecompressSync(buf), name.slice(0, -3)];
  return TEXT.has(extname(name).toLowerCase()) ? normaliseHashes(buf.toString('utf8')) : `sha256:${createHash('sha256').update(buf).digest('hex')} (${buf.length} bytes)`;
}

function firstDifference(a: string, b: string): string {
  if (a.startsWith('sha256:') && b.startsWith('sha256:')) return `different bytes: ${a} ≠ ${b}`;
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) {
      const cut = (s: string | undefined) => (s === undefined ? '(no line)' : s.length > 300 ? `${s.slice(0, 300)}…` : s);
      // Long minified lines: show where they part.
      const x = la[i] ?? '';
      const y = lb[i] ?? '';
      let at = 0;
      while (at < x.length && x[at] === y[at]) at++;
      const from = Math.max(0, at - 80);
      const show = x.length > 300 || y.length > 300;
      return show
        ? `line ${i + 1}, column ${at + 1}:\n  - ${x.slice(from, at + 160)}\n  + ${y.slice(from, at + 160)}`
        : `line ${i + 1}:\n  - ${cut(la[i])}\n  + ${cut(lb[i])}`;
    }
  }
  return 'same lines, different bytes';
}

/** Every difference between two dist folders, in file order. */
export function compareDists(before: string, after: string): Difference[] {
  const a = byNormalisedName(before);
  const b = byNormalisedName(after);
  const diffs: Difference[] = [];
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    if (IGNORED.includes(key)) continue;
    const fa = a.get(key) ?? [];
    const fb = b.get(key) ?? [];
    if (fa.length === 0) {
      diffs.push({ file: key, reason: 'only in the second build' });
      continue;
    }
    if (fb.length === 0) {
      diffs.push({ file: key, reason: 'only in the first build' });
      continue;
    }
    if (fa.length !== fb.length) {
      diffs.push({ file: key, reason: `${fa.length} files with this name in the first build, ${fb.length} in the second` });
      continue;
    }
    // Same-named files are paired in order of their normalised content.
    const ca = fa.map((f) => contentOf(before, f)).sort();
    const cb = fb.map((f) => contentOf(after, f)).sort();
    for (let i = 0; i < ca.length; i++) {
      if (ca[i] !== cb[i]) {
        diffs.push({ file: key, reason: firstDifference(ca[i] ?? '', cb[i] ?? '') });
        break;
      }
    }
  }
  return diffs;
}
