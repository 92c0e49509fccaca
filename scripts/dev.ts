// `npm run dev`: the storefront on Astro's dev server (hot module reload for pages, components,
// islands and styles) with the API on the same origin, against the embedded database and demo
// catalogue `npm start` prepares (scripts/lib/prepare.ts).
//
//   browser ──> Astro/Vite dev server on PORT (4321)
//                 ├─ pages, islands, styles: rendered on request from src/ and the content cache
//                 ├─ /account/…, /checkout/… (per-user families): the static shell's page
//                 └─ /api (+ websocket), /users (POST…), /healthz, /_image, /storage, /dev, /a, /test-gateway
//                      proxied to ──> the API child on DEV_API_PORT (PORT + 1)
//
// The API child is `node --watch scripts/start.ts --api-only`: it alone owns the database. A
// change to server code makes node stop it (SIGTERM: it closes the server and the database,
// releasing the lock) and start it again, so the data survives every restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { dev } from 'astro';
import type { Plugin, ProxyOptions, ViteDevServer } from 'vite';
import { parseConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { experienceAlias, shellFor } from '../src/server/static-site.ts';
import { loadDotEnv, step } from './lib/cli.ts';
import { openOwnedDatabase, prepareDatabase, pullContentCache } from './lib/prepare.ts';

const root = resolve(import.meta.dirname, '..');
loadDotEnv(resolve(root, '.env'));
process.env['NODE_ENV'] ??= 'development';
const port = Number(process.env['PORT'] ?? 4321);
process.env['PUBLIC_SITE_URL'] ??= `http://localhost:${port}`;
const apiPort = Number(process.env['DEV_API_PORT'] ?? port + 1);
const config = parseConfig();
const t0 = performance.now();

// Prepare as `npm start` does, then hand the database over to the API child.
const database = await openOwnedDatabase(config);
await prepareDatabase(database, config);
await pullContentCache(database, config, createLogger(config));
await database.close();

// `npm run dev -- --inspect[=port]`: the API child listens for a debugger (chrome://inspect).
const inspect = process.argv.filter((a) => a.startsWith('--inspect'));
const api: ChildProcess = spawn(process.execPath, ['--watch', '--watch-preserve-output', ...inspect, 'scripts/start.ts', '--api-only'], {
  cwd: root,
  env: { ...process.env, PORT: String(apiPort) },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// Whatever else ends this process (Astro failing to start, an uncaught error) still stops the
// API child, which releases the database.
process.on('exit', () => {
  if (api.exitCode === null && api.signalCode === null) api.kill('SIGTERM');
});
let stopping = false;
const apiExited = new Promise<number | null>((res) => api.once('exit', (code) => res(code)));
void apiExited.then((code) => {
  if (stopping) return;
  console.error(`\n✖ The API process (node --watch) exited with ${code}; stopping.`);
  void stop(1);
});

const target = `http://127.0.0.1:${apiPort}`;
const toApi: ProxyOptions = { target, ws: false };
const proxy: Record<string, ProxyOptions> = {
  '/api/': { target, ws: true },
  '/healthz': toApi,
  '/_image': toApi,
  '/storage/': toApi,
  // Static maps of meeting points, drawn by the API on first request (ADR 0040).
  '/maps/': toApi,
  '/dev/': toApi,
  // The test gateway's GrabPay page (a page the browser is sent to, served by the API).
  '/test-gateway/': toApi,
  '/a/': toApi,
  // Operators' subscribable departures calendars (a secret address per operator).
  '/calendar/': toApi,
  // The account calls (log in, sign up, log out, password); GET /users/… is the users shell.
  '^/users(/|$)': toApi,
};

let vite: ViteDevServer | undefined;
/** What the server's static site does with a built page, done for the dev server's pages. */
const productionRoutes: Plugin = {
  name: 'verdant:dev-routes',
  configureServer(server) {
    vite = server;
    server.middlewares.use((req, _res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return next();
      const url = new URL(req.url, 'http://dev');
      const page = experienceAlias(url.pathname) ?? shellFor(url.pathname);
      if (page) req.url = page.replace(/index\.html$/, '') + url.search;
      next();
    });
  },
};

/**
 * A publish from the back-office pulls into the content cache (the API child's pull-only
 * builder). Pages read the cache outside Astro's content layer (content-records.ts, ADR 49),
 * so its watcher does not see it: when a pull finishes (it writes its state file last), the
 * pages' memoised reads are dropped (`once` compares the state file's time under dev) and open
 * pages reload.
 */
const contentPulls: Plugin = {
  name: 'verdant:content-pulls',
  configureServer(server) {
    const stamp = resolve(config.contentDir, '.pull-state.json');
    server.watcher.add(stamp);
    const pulled = (file: string) => {
      if (resolve(file) !== stamp) return;
      for (const [name, env] of Object.entries(server.environments)) if (name !== 'client') env.hot.send('astro:content-changed', {});
      server.environments['client']?.hot.send({ type: 'full-reload', path: '*' });
    };
    server.watcher.on('change', pulled);
    server.watcher.on('add', pulled);
  },
};

process.env['VERDANT_CONTENT_DIR'] = config.contentDir;
const site = await step('Starting the Astro dev server', () =>
  dev({
    root,
    server: { port, host: 'localhost' },
    vite: { server: { strictPort: true, proxy }, plugins: [productionRoutes, contentPulls] },
  }),
);

await step(`Waiting for the API on port ${apiPort}`, async () => {
  for (;;) {
    if (stopping) return;
    const ok = await fetch(`${target}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
});
await step('Rendering the home page once', async () => {
  const home = await fetch(`http://localhost:${port}/`);
  if (!home.ok) console.error(`  the home page answered ${home.status}: see the errors above`);
  await home.arrayBuffer();
  await drainStartupReload();
});
console.log(
  `\n✔ Verdant (development) is running at http://localhost:${port}  (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
    `server code restarts the API on port ${apiPort}; Ctrl-C to stop)`,
);

/**
 * Astro's content sync writes .astro/ while the server starts and asks browsers to reload; with
 * no browser connected yet, Vite keeps that reload for the first one that connects, which would
 * reload the first page a developer opens (and lose what they typed). Nothing has changed since
 * that page was rendered: take the stale message here.
 */
async function drainStartupReload(): Promise<void> {
  const token = vite?.config.webSocketToken;
  if (!token) return;
  const ws = new WebSocket(`ws://localhost:${port}/?token=${token}`, 'vite-hmr');
  await new Promise<void>((res) => {
    const done = () => {
      clearTimeout(timer);
      ws.close();
      res();
    };
    // The stale message follows `connected` at once; a quiet socket means there was none.
    const timer = setTimeout(done, 1_000);
    ws.addEventListener('message', (e) => {
      if (String(e.data).includes('full-reload')) done();
    });
    ws.addEventListener('error', done);
  });
}

async function stop(code: number) {
  if (stopping && code === 0) return;
  stopping = true;
  await site.stop().catch((err: unknown) => console.error('Stopping the Astro dev server failed', err));
  if (api.exitCode === null && api.signalCode === null) api.kill('SIGTERM');
  await apiExited;
  console.log('Development server stopped.');
  process.exit(code);
}
// Vite exits on SIGTERM as soon as its own server closed, which would orphan the API child:
// this process stops both, in order, instead.
for (const listener of process.listeners('SIGTERM')) process.off('SIGTERM', listener);
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
