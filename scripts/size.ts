// `npm run size`: gzipped JavaScript a first-time visitor loads before any interaction, per
// built page template. Counts inline scripts, eager module scripts and their static import
// graph, and the component + renderer of islands that hydrate without interaction
// (client:load, client:only, client:idle, client:visible, client:media). client:interaction
// islands load nothing until touched. Fails when a content page is above the budget; static
// shells of per-user pages (/shells/*) are reported but are not content pages.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtPages, distFromArgs } from './lib/built-pages.ts';

const BUDGET = 30 * 1024;
const dist = distFromArgs(process.argv);

const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;
const moduleCache = new Map<string, string>();

function readModule(urlPath: string): string {
  const cached = moduleCache.get(urlPath);
  if (cached !== undefined) return cached;
  const file = join(dist, urlPath.split('?')[0]!);
  const text = statSync(file, { throwIfNoEntry: false }) ? readFileSync(file, 'utf8') : '';
  moduleCache.set(urlPath, text);
  return text;
}

/** The module and everything it imports statically (dynamic import() loads later). */
function importGraph(entry: string, seen: Set<string>) {
  if (seen.has(entry)) return;
  seen.add(entry);
  const code = readModule(entry);
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (const m of code.matchAll(re)) {
    const spec = m[1]!;
    const next = spec.startsWith('/') ? spec : new URL(spec, `http://x${entry}`).pathname;
    importGraph(next, seen);
  }
}

function measure(html: string) {
  let inline = 0;
  const modules = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/type=["']?(application\/(ld\+)?json|text\/partytown)/.test(attrs)) continue;
    const src = /\bsrc=["']([^"']+)["']/.exec(attrs)?.[1];
    if (src) {
      if (src.startsWith('/')) importGraph(src, modules);
    } else inline += gz(m[2] ?? '');
  }
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attrs = m[1] ?? '';
    const client = /\bclient=["']?([\w-]+)/.exec(attrs)?.[1];
    if (!client || client === 'interaction') continue;
    for (const key of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\b${key}=["']([^"']+)["']`).exec(attrs)?.[1];
      if (url?.startsWith('/')) importGraph(url.replace(/&amp;/g, '&'), modules);
    }
  }
  let external = 0;
  for (const u of modules) external += gz(readModule(u));
  return { total: inline + external, inline, external, modules: modules.size };
}

const byTemplate = new Map<string, { page: string; total: number; inline: number; external: number; modules: number; count: number }>();
for (const { file, path, template: t } of builtPages(dist)) {
  const m = measure(readFileSync(file, 'utf8'));
  const prev = byTemplate.get(t);
  if (!prev || m.total > prev.total) byTemplate.set(t, { page: path, ...m, count: (prev?.count ?? 0) + 1 });
  else prev.count++;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let failed = 0;
console.log('JavaScript before interaction (gzipped), largest page per template; budget 30 KB\n');
for (const [t, m] of [...byTemplate].sort((a, b) => b[1].total - a[1].total)) {
  const shell = t.startsWith('/shells/');
  const over = !shell && m.total > BUDGET;
  if (over) failed++;
  console.log(`${over ? '✖' : shell ? '·' : '✔'} ${kb(m.total).padStart(9)}  ${t.padEnd(40)} (${m.count} pages; worst ${m.page}: inline ${kb(m.inline)}, ${m.modules} modules ${kb(m.external)})`);
}
if (failed) {
  console.error(`\n${failed} template(s) over the 30 KB budget`);
  process.exit(1);
}
console.log(`\nAll ${byTemplate.size} templates within budget.`);
