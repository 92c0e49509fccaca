import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { combinePageStyles, cssOrder, type PageStyles, type StyleEntry } from './page-stylesheets.ts';

const ext = (src: string, order: number, depth: number): StyleEntry => ({ order, depth, sheet: { type: 'external', src } });
let dir: string;
function client(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'page-css-'));
  mkdirSync(join(dir, '_astro'));
  for (const [name, css] of Object.entries(files)) writeFileSync(join(dir, '_astro', name), css);
  return dir;
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('combinePageStyles', () => {
  it('writes a route’s sheets as one file, in the order Astro links them, and leaves the route that file', async () => {
    const out = client({ 'a.css': '.a{color:red}', 'b.css': '.b{color:blue}', 'c.css': '.a{color:green}' });
    // Astro's order: by `order`, then the deeper component first; `order: -1` last.
    const page: PageStyles = { styles: [ext('/_astro/c.css', -1, 0), ext('/_astro/b.css', 1, 0), ext('/_astro/a.css', 0, 1)] };
    expect(await combinePageStyles([page], out)).toEqual({ routes: 1, files: 1 });
    expect(page.styles).toHaveLength(1);
    const src = (page.styles[0]!.sheet as { src: string }).src;
    expect(src).toMatch(/^\/_astro\/page\.[\w-]{10}\.css$/);
    // The later .a rule still wins: the cascade is unchanged.
    expect(readFileSync(join(out, src), 'utf8')).toBe('.a{color:red}\n.b{color:blue}\n.a{color:green}');
  });

  it('routes with the same list share one file; the name follows the content', async () => {
    const out = client({ 'a.css': '.a{}', 'b.css': '.b{}' });
    const one: PageStyles = { styles: [ext('/_astro/a.css', 0, 0), ext('/_astro/b.css', 1, 0)] };
    const two: PageStyles = { styles: [ext('/_astro/b.css', 1, 0), ext('/_astro/a.css', 0, 0)] };
    expect(await combinePageStyles([one, two], out)).toEqual({ routes: 2, files: 1 });
    expect(one.styles).toEqual(two.styles);
    expect(readdirSync(join(out, '_astro')).filter((f) => f.startsWith('page.'))).toHaveLength(1);
    // Another build of the same bundle (a shard, the render daemon) names the same file.
    const again: PageStyles = { styles: [ext('/_astro/a.css', 0, 0), ext('/_astro/b.css', 1, 0)] };
    await combinePageStyles([again], out);
    expect(again.styles).toEqual(one.styles);
  });

  it('leaves a route with one sheet, with an inline sheet, or already combined as it is', async () => {
    const out = client({ 'a.css': '.a{}', 'b.css': '.b{}' });
    const single: PageStyles = { styles: [ext('/_astro/a.css', 0, 0)] };
    const inline: PageStyles = { styles: [ext('/_astro/a.css', 0, 0), { order: 1, depth: 0, sheet: { type: 'inline', content: '.x{}' } }] };
    const none: PageStyles = { styles: [] };
    const before = JSON.stringify([single, inline, none]);
    expect(await combinePageStyles([single, inline, none], out)).toEqual({ routes: 0, files: 0 });
    expect(JSON.stringify([single, inline, none])).toBe(before);
    const page: PageStyles = { styles: [ext('/_astro/a.css', 0, 0), ext('/_astro/b.css', 1, 0)] };
    await combinePageStyles([page], out);
    const combined = JSON.stringify(page.styles);
    await combinePageStyles([page], out);
    expect(JSON.stringify(page.styles)).toBe(combined);
  });

  it('a sheet the bundle lacks fails the build, naming it', async () => {
    const out = client({ 'a.css': '.a{}' });
    await expect(combinePageStyles([{ styles: [ext('/_astro/a.css', 0, 0), ext('/_astro/gone.css', 1, 0)] }], out)).rejects.toThrow(/gone\.css/);
  });

  it('orders as Astro does', () => {
    const list = [ext('x', -1, 0), ext('y', 2, 0), ext('z', 0, 2), ext('w', 0, -1), ext('v', 0, 1)];
    expect([...list].sort(cssOrder).map((e) => (e.sheet as { src: string }).src)).toEqual(['w', 'z', 'v', 'y', 'x']);
  });
});
