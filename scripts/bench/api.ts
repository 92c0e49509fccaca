// `npm run bench:api [-- --pg postgresql://…] [--duration 8] [--connections 50] [--dist dist] [--only catalogue,personal,health,page] [--port 4481]`
//
// The live parts against the limit of this machine, side by side in one run (issue 19, ADR 0042):
// each endpoint is driven by wrk with the same load twice, once against Verdant and once against a
// bare node:http server that sends the very bytes Verdant answered (status, type, encoding), and
// the table shows req/s, p50 and p99 of both and the ratio. Catalogue reads, personal reads of a
// signed-in traveller (cart, me, trips), GET /healthz, and a pre-rendered experience page (against
// nginx when it is installed, and bare node). Embedded PGlite in a throwaway folder by default;
// --pg seeds a fresh database on that server and drops it after. A benchmark, not a test.
//
// Needs wrk (apt-get install wrk); nginx is optional (apt-get install nginx-light).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed.ts';
import { DEV_PASSWORD } from '../../src/server/db/seed/users.ts';
import { API_KEY, freshPostgres, recordOnlyPool, startApi } from '../lib/booking-load.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] && !process.argv[i + 1]!.startsWith('--') ? (process.argv[i + 1] as string) : fallback;
};
const root = resolve(import.meta.dirname, '../..');
const pgServer = process.argv.includes('--pg') ? arg('pg', process.env['TEST_DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres') : '';
const DURATION = Number(arg('duration', '8'));
const CONNECTIONS = Number(arg('connections', '50'));
const port = Number(arg('port', '4481'));
const barePort = port + 1;
const nginxPort = port + 2;
const distArg = arg('dist', resolve(root, 'dist'));
/** --only catalogue,page: run only these kinds of probe. */
const only = arg('only', '').split(',').filter(Boolean);

if (spawnSync('wrk', ['--version']).error) {
  console.error('bench:api needs wrk: apt-get install wrk');
  process.exit(1);
}

type Probe = { name: string; kind: 'catalogue' | 'personal' | 'health' | 'page'; path: string; headers: Record<string, string> };
type Result = { rps: number; p50: number; p99: number; non2xx: number };

/** Runs wrk against `url` and reads req/s, p50 and p99 (ms) from its report. */
function wrk(url: string, headers: Record<string, string>): Result {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const ms = (label: string) => {
    const m = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50: ms('50%'), p99: ms('99%'), non2xx };
}

/** A bare node:http server in its own process answering each path with the recorded bytes. */
async function startBare(recorded: Map<string, { status: number; headers: Record<string, string>; body: Buffer }>) {
  const file = join(mkdtempSync(join(tmpdir(), 'verdant-bench-bare-')), 'answers.json');
  writeFileSync(file, JSON.stringify([...recorded].map(([k, v]) => [k, v.status, v.headers, v.body.toString('base64')])));
  const code = `
    const http = require('node:http');
    const answers = new Map(JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8')).map(([k, s, h, b]) => [k, [s, h, Buffer.from(b, 'base64')]]));
    http.createServer((req, res) => {
      const a = answers.get(req.url);
      if (!a) { res.writeHead(404); return res.end(); }
      res.writeHead(a[0], { ...a[1], 'content-length': a[2].length });
      res.end(a[2]);
    }).listen(${barePort}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((r) => child.stdout!.once('data', () => r()));
  return () => child.kill();
}

/** nginx on the same dist (precompressed .gz files as Verdant sends them), when installed. */
async function startNginx(dist: string): Promise<(() => void) | undefined> {
  if (spawnSync('nginx', ['-v']).error) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'verdant-bench-nginx-'));
  mkdirSync(join(dir, 'logs'));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/logs/error.log;
     events { worker_connections 1024; }
     http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000; include /etc/nginx/mime.types;
       server { listen 127.0.0.1:${nginxPort}; root ${dist}; gzip_static on; location / { try_files $uri $uri/index.html =404; } } }`,
  );
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  for (let i = 0; i < 40; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${nginxPort}/`)).status < 500) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
}

const started = performance.now();
let dataDir = '';
let drop: (() => Promise<void>) | undefined;
const env: Record<string, string> = { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' };
console.log(`• Seeding the demo catalogue into ${pgServer ? 'a fresh PostgreSQL database' : 'a throwaway embedded PGlite folder'}…`);
if (pgServer) {
  const fresh = await freshPostgres(pgServer, 'verdant_bench_api');
  env['DATABASE_URL'] = fresh.url;
  drop = fresh.drop;
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'verdant-bench-api-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedCatalogue(database.db, { storageDir: join(dataDir, 'storage'), pool: recordOnlyPool() });
  await database.close();
  env['DATA_DIR'] = dataDir;
}
const dist = existsSync(distArg) ? realpathSync(distArg) : '';
if (dist) env['DIST_DIR'] = dist;
const api = await startApi(port, env);
const stops: (() => unknown)[] = [];
try {
  const base = api.base;
  const bearer = { authorization: `Bearer ${API_KEY}` };
  const get = async (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { ...bearer, ...headers } });

  // A signed-in traveller for the personal reads: the session cookie the storefront holds.
  const csrf = await get('/api/v1/csrf-token');
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const token = ((await csrf.json()) as { token: string }).token;
  const login = await fetch(`${base}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: csrfCookie },
    body: JSON.stringify({ user: { email: 'traveller@verdant.test', password: DEV_PASSWORD } }),
  });
  if (login.status !== 200) throw new Error(`log-in failed: ${login.status} ${await login.text()}`);
  const session = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const options = (await (await get('/api/v1/options?per=5')).json()) as { options: { slug_code: string }[] };
  const slug = options.options[0]!.slug_code;
  const dates = (await (await get(`/api/v1/available-dates?option_id=${slug}`)).json()) as { dates: { date: string; status: string }[] };
  const date = dates.dates.find((d) => d.status !== 'sold_out')?.date ?? dates.dates[0]!.date;
  const enc = { 'accept-encoding': 'br, gzip' };
  // The traveller's bag: one experience on a date with seats.
  const slots = (await (await get(`/api/v1/detailed-timeslots?option_id=${slug}&date=${date}`)).json()) as { timeslots: { id: string; units_left: number }[] };
  const slot = slots.timeslots.find((t) => t.units_left >= 2);
  const bag = await fetch(`${base}/api/v1/cart`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json', cookie: session },
    body: JSON.stringify({ currency: 'SGD', order_item: { option_id: slug, start_date: date, ...(slot ? { detailed_timeslot_id: slot.id } : {}), quantity: 2 } }),
  });
  const cartId = ((await bag.json()) as { id?: string }).id ?? 'none';
  if (bag.status >= 300) console.log(`  note: the bag could not be filled (${bag.status}); GET /cart measures its 404`);
  const probes: Probe[] = [
    { name: 'GET /api/v1/initial_data', kind: 'catalogue', path: '/api/v1/initial_data', headers: { ...bearer, ...enc } },
    { name: 'GET /api/v1/countries', kind: 'catalogue', path: '/api/v1/countries', headers: { ...bearer, ...enc } },
    { name: 'GET /api/v1/cities', kind: 'catalogue', path: '/api/v1/cities', headers: { ...bearer, ...enc } },
    { name: 'GET /api/v1/options/{id}', kind: 'catalogue', path: `/api/v1/options/${slug}`, headers: { ...bearer, ...enc } },
    { name: 'GET /api/v1/search?q=sing', kind: 'catalogue', path: '/api/v1/search?q=sing', headers: { ...bearer, ...enc } },
    { name: 'GET /api/v1/options/{id}/prices', kind: 'catalogue', path: `/api/v1/options/${slug}/prices?start_date=${date}&quantity=2`, headers: { ...bearer, ...enc } },
    { name: 'GET /api/v1/available-dates', kind: 'catalogue', path: `/api/v1/available-dates?option_id=${slug}`, headers: { ...bearer, ...enc } },
  ];
  if (dist) probes.push({ name: 'GET /experiences/{slug} (page, gzip)', kind: 'page', path: `/experiences/${slug}/`, headers: { 'accept-encoding': 'gzip' } });
  else console.log(`  (no built site at ${distArg}: run npm start once, or pass --dist, to measure a page)`);
  // Last: on the embedded database a saturated personal read leaves a queue of statements behind it.
  probes.push(
    { name: 'GET /healthz', kind: 'health', path: '/healthz', headers: {} },
    { name: 'GET /api/v1/cart (signed in)', kind: 'personal', path: `/api/v1/cart?cart_id=${cartId}&view=with_order_item`, headers: { ...bearer, ...enc, cookie: session } },
    { name: 'GET /api/v1/me (signed in)', kind: 'personal', path: '/api/v1/me', headers: { ...bearer, ...enc, cookie: session } },
    { name: 'GET /api/v1/trips (signed in)', kind: 'personal', path: '/api/v1/trips', headers: { ...bearer, ...enc, cookie: session } },
  );

  if (only.length) probes.splice(0, probes.length, ...probes.filter((p) => only.includes(p.kind)));
  // What each answer is, byte for byte, for the bare server.
  const recorded = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  for (const p of probes) {
    // At the socket level: fetch would decode the body.
    const rawRes = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((done, fail) => {
      const u = new URL(`${base}${p.path}`);
      const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers: p.headers }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => {
            const keep: Record<string, string> = {};
            for (const k of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) if (r.headers[k]) keep[k] = String(r.headers[k]);
            done({ status: r.statusCode ?? 0, headers: keep, body: Buffer.concat(chunks) });
          });
        });
      req.on('error', fail);
      req.end();
    });
    if (rawRes.status !== 200) console.log(`  note: ${p.name} answers ${rawRes.status}`);
    recorded.set(p.path, rawRes);
  }
  stops.push(await startBare(recorded));
  const nginx = dist ? await startNginx(dist) : undefined;
  if (nginx) stops.push(nginx);

  console.log(`• wrk: ${CONNECTIONS} connections, ${DURATION} s per run, 2 threads; ${pgServer ? 'PostgreSQL' : 'embedded PGlite'}\n`);
  const rows: string[][] = [];
  for (const p of probes) {
    // Warm: the first answers fill the cache.
    await fetch(`${base}${p.path}`, { headers: p.headers }).then((r) => r.arrayBuffer());
    const v = wrk(`${base}${p.path}`, p.headers);
    const b = wrk(`http://127.0.0.1:${barePort}${p.path}`, p.headers);
    const n = p.kind === 'page' && nginx ? wrk(`http://127.0.0.1:${nginxPort}${p.path}`, p.headers) : undefined;
    const ref = n ?? b;
    rows.push([
      p.name,
      p.kind,
      v.rps.toFixed(0),
      v.p50.toFixed(2),
      v.p99.toFixed(2),
      `${n ? 'nginx' : 'node:http'} ${ref.rps.toFixed(0)} (p99 ${ref.p99.toFixed(1)})`,
      (v.rps / ref.rps).toFixed(2),
      n ? `${b.rps.toFixed(0)} (${(v.rps / b.rps).toFixed(2)})` : '',
      v.non2xx ? String(v.non2xx) : '',
    ]);
    console.log(`  ${p.name}: ${v.rps.toFixed(0)} req/s (p99 ${v.p99.toFixed(1)} ms) vs ${ref.rps.toFixed(0)}`);
  }
  const head = ['endpoint', 'kind', 'Verdant req/s', 'p50 ms', 'p99 ms', 'reference req/s', 'ratio', 'bare node (ratio)', 'non-2xx'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map(line).join('\n')}`);
  console.log(`\nTargets (issue 19): catalogue reads ≥ 0.5× bare node:http with p99 ≤ 20 ms; personal reads p99 ≤ 30 ms on PostgreSQL; a page ≥ 0.5× nginx.`);
} finally {
  for (const stop of stops) stop();
  await api.stop();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
