// `npm start` owns the embedded database: a second start on the same data folder exits with a
// clear message, and the first keeps serving without losing a write.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client.ts';
import { TEST_POOL_PER_THEME, testStorageDir } from '../src/server/testing/backend.ts';

const root = resolve(import.meta.dirname, '..');
const node = process.execPath;
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
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

function start(env: Record<string, string>) {
  const child = spawn(node, ['scripts/start.ts', '--api-only'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  const ready = new Promise<void>((res, rej) => {
    const timer = setInterval(() => {
      if (out.includes('Verdant is running at')) {
        clearInterval(timer);
        res();
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      rej(new Error(`start exited with ${code}:\n${out}`));
    });
  });
  ready.catch(() => {}); // awaited only for processes expected to start
  return { child, ready, exited, output: () => out };
}

describe('npm start owns the embedded database', () => {
  it('refuses a second owner and the first loses nothing', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verdant-start-'));
    // Reuse the test image pool instead of rendering a new one.
    mkdirSync(join(dataDir, 'storage'), { recursive: true });
    symlinkSync(join(testStorageDir, 'pool'), join(dataDir, 'storage', 'pool'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), SEED_IMAGES_PER_THEME: String(TEST_POOL_PER_THEME), LOG_LEVEL: 'warn', NODE_ENV: 'test' };
    const first = start(env);
    await first.ready;
    const base = `http://127.0.0.1:${port}`;
    const headers = { authorization: 'Bearer verdant-dev-public-key', 'content-type': 'application/json' };

    const db = await fetch(`${base}/healthz`);
    expect(db.status).toBe(200);
    const countries = (await (await fetch(`${base}/api/v1/countries`, { headers })).json()) as { countries: { slug: string }[] };
    expect(countries.countries[0]?.slug).toBe('singapore');
    const options = (await (await fetch(`${base}/api/v1/options?per=1`, { headers })).json()) as { options: { slug_code: string }[] };
    const slugCode = options.options[0]!.slug_code;
    // Each call as another browser: a visitor counts once a day (src/server/routes/tracking.ts).
    const view = (browser: string) =>
      fetch(`${base}/api/v1/view-count`, { method: 'POST', headers: { ...headers, 'user-agent': browser }, body: JSON.stringify({ slug_code: slugCode }) });
    const firstView = await view('first-browser');
    expect(firstView.status).toBe(200);
    const before = ((await firstView.json()) as { views_count: number }).views_count;

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by another Verdant process \(pid \d+\)/);

    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const after = (await (await view('second-browser')).json()) as { views_count: number };
    expect(after.views_count).toBe(before + 1);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly.');

    const reopened = await openDatabase({ dataDir });
    const rows = await reopened.db.execute<{ views_count: number }>(sql`select views_count from options where slug_code = ${slugCode}`);
    const row = (rows as unknown as { rows: { views_count: number }[] }).rows[0];
    expect(row?.views_count).toBe(before + 1);
    await reopened.close();
  });
});
