// `npm run dev` in a temporary copy of the repository: an island edited on disk updates the open
// page without a reload (hot module reload), the API answers through the same port, and a
// server code change restarts the API without losing the database.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { TEST_POOL_PER_THEME, testStorageDir } from '../src/server/testing/backend.ts';
import { testChromium } from './lib/test-browser.ts';

const root = resolve(import.meta.dirname, '..');
const ISLAND = 'src/islands/currency-picker/CurrencyPicker.tsx';
const TITLE = 'Choose a currency';
const EDITED = 'Pick a currency (hot reloaded)';
/** Written by the dev server and Vite at run time: never shared with the original through a hard link. */
const RUNTIME_CACHES = new Set(['.astro', '.vite', '.vite-temp', '.cache']);

let copy: string | undefined;
let dev: ReturnType<typeof startDev> | undefined;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  if (dev && dev.child.exitCode === null) {
    // SIGTERM: the dev server stops its API child (a SIGKILL would leave it running).
    dev.child.kill('SIGTERM');
    const timer = setTimeout(() => dev?.child.kill('SIGKILL'), 20_000);
    await dev.exited;
    clearTimeout(timer);
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? res(a.port) : rej(new Error('no port'))));
    });
  });
}

/** The repository's files as they are on disk (tracked ones), and node_modules as hard links. */
function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'verdant-dev-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(root, f))) continue;
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    copyFileSync(join(root, f), join(dir, f));
  }
  mkdirSync(join(dir, 'node_modules'));
  const entries = readdirSync(join(root, 'node_modules')).filter((e) => !RUNTIME_CACHES.has(e));
  execFileSync('cp', ['-al', ...entries.map((e) => join(root, 'node_modules', e)), join(dir, 'node_modules')]);
  return dir;
}

function startDev(cwd: string, env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV'));
  const child = spawn(process.execPath, ['scripts/dev.ts'], { cwd, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  /** Resolves once the output (after `from` characters) contains `text`. */
  const waitFor = (text: string, from = 0) =>
    new Promise<void>((res, rej) => {
      const timer = setInterval(() => {
        if (out.indexOf(text, from) >= 0) {
          clearInterval(timer);
          res();
        }
      }, 100);
      void exited.then((code) => {
        clearInterval(timer);
        rej(new Error(`npm run dev exited with ${code} before "${text}":\n${out}`));
      });
    });
  return { child, exited, waitFor, output: () => out };
}

describe('npm run dev', () => {
  it('hot-reloads an island, serves the API on the same port and restarts the API without losing data', { timeout: 240_000 }, async () => {
    copy = copyRepository();
    const dataDir = join(copy, '.data');
    // Reuse the test image pool instead of rendering a new one.
    mkdirSync(join(dataDir, 'storage'), { recursive: true });
    symlinkSync(join(testStorageDir, 'pool'), join(dataDir, 'storage', 'pool'));
    const port = await freePort();
    const server = (dev = startDev(copy, {
      PORT: String(port),
      DEV_API_PORT: String(await freePort()),
      SEED_IMAGES_PER_THEME: String(TEST_POOL_PER_THEME),
      LOG_LEVEL: 'warn',
    }));
    onTestFailed(() => console.error(`npm run dev output:\n${server.output()}`));
    await server.waitFor('Verdant (development) is running at');
    const base = `http://localhost:${port}`;

    browser = await chromium.launch({ executablePath: testChromium(), args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage({ baseURL: base });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A content page rendered from the content cache, with its header island.
    await page.goto('/');
    await expect.poll(() => page.locator('h1').first().textContent()).toBeTruthy();
    const picker = page.locator('.currency-picker__trigger');
    await picker.click();
    const title = page.locator('.currency-picker__title');
    await expect.poll(() => title.textContent(), { timeout: 30_000 }).toBe(TITLE);
    await expect.poll(() => page.locator('details.currency-picker').getAttribute('open')).not.toBeNull();
    // Hydrated: Astro drops the island's `ssr` attribute once React took it over.
    await expect.poll(() => page.locator('astro-island:has(.currency-picker)').getAttribute('ssr'), { timeout: 60_000 }).toBeNull();
    await page.evaluate(() => ((window as unknown as { devMarker: string }).devMarker = 'before the edit'));

    const islandFile = join(copy, ISLAND);
    const source = readFileSync(islandFile, 'utf8');
    expect(source, `${ISLAND} should hold the text "${TITLE}" this test edits`).toContain(`>${TITLE}<`);
    writeFileSync(islandFile, source.replace(`>${TITLE}<`, `>${EDITED}<`));
    await expect.poll(() => title.textContent(), { timeout: 60_000 }).toBe(EDITED);
    // Same document (no reload), and the island kept its state (the panel is still open).
    expect(await page.evaluate(() => (window as unknown as { devMarker?: string }).devMarker)).toBe('before the edit');
    expect(await page.locator('details.currency-picker').getAttribute('open')).not.toBeNull();

    // The API on the same origin, as the islands call it.
    const headers = { authorization: 'Bearer verdant-dev-public-key', 'content-type': 'application/json' };
    const countries = await page.request.get('/api/v1/countries', { headers });
    expect(countries.status()).toBe(200);
    expect(((await countries.json()) as { countries: { slug: string }[] }).countries[0]?.slug).toBe('singapore');
    const options = (await (await page.request.get('/api/v1/options?per=1', { headers })).json()) as { options: { slug_code: string }[] };
    const slugCode = options.options[0]!.slug_code;
    const view = async (browserName: string) => {
      const r = await page.request.post('/api/v1/view-count', { headers: { ...headers, 'user-agent': browserName }, data: { slug_code: slugCode } });
      expect(r.status()).toBe(200);
      return ((await r.json()) as { views_count: number }).views_count;
    };
    const before = await view('first-browser');
    // A per-user page is its static shell, as `npm start` serves it.
    expect((await page.request.get('/account/trips')).status()).toBe(200);

    // A publish from the back-office pulls into the content cache: the next request shows it
    // (the experiences are read outside Astro's content layer, so its watcher does not see them).
    const recordFile = join(copy, 'content-cache', 'options', `${slugCode}.json`);
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { name: string };
    expect(await (await page.request.get(`/experiences/${slugCode}`)).text()).toContain('</h1>');
    writeFileSync(recordFile, JSON.stringify({ ...record, name: 'Renamed by the dev test' }, null, 2));
    const state = join(copy, 'content-cache', '.pull-state.json');
    writeFileSync(state, readFileSync(state));
    await expect.poll(async () => (await page.request.get(`/experiences/${slugCode}`)).text(), { timeout: 30_000 }).toContain('Renamed by the dev test');

    // A server code change restarts the API; the database (and the view above) survives.
    const mark = server.output().length;
    const serverFile = join(copy, 'src/server/routes/tracking.ts');
    writeFileSync(serverFile, `${readFileSync(serverFile, 'utf8')}\n// edited by scripts/dev.test.ts\n`);
    await server.waitFor('Restarting', mark);
    await server.waitFor('Verdant is running at', mark);
    expect(await view('second-browser')).toBe(before + 1);
    expect(errors).toEqual([]);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Development server stopped.');
  });
});
