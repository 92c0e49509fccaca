// `npm run test:workers`: `npm start -- --workers 2` on PostgreSQL and Redis (issue 19, ADR 0042):
//   1. two server processes answer on one port (each kept answer names its process);
//   1b. a traveller's kept answers (/me) are served from memory by both, and a rename through
//       either is seen at once by both (ADR 0042 §7);
//   2. the rate limit is one budget across them (Redis): 60 requests from one address against a
//      limit of 40 get exactly 20 answers 429, whichever process each lands on;
//   3. a server process killed with SIGKILL is started again and the port keeps answering;
//   4. the production split of deploy/nginx.conf, when nginx is installed: pages from the build
//      folder by nginx, the API through it from the processes;
//   5. SIGTERM stops the whole group cleanly.
// Needs TEST_DATABASE_URL (a server it may create a database on) and TEST_REDIS_URL.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API_KEY, freshPostgres } from './lib/booking-load.ts';
import { DEV_PASSWORD } from '../src/server/db/seed/users.ts';
import { checklist } from './lib/checks.ts';

const serverUrl = process.env['TEST_DATABASE_URL'];
const redisUrl = process.env['TEST_REDIS_URL'];
if (!serverUrl || !redisUrl) {
  console.error('TEST_DATABASE_URL and TEST_REDIS_URL are required (a PostgreSQL server the test may create a database on, and Redis).');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const port = Number(process.env['WORKERS_TEST_PORT'] ?? 4486);
const nginxPort = port + 1;
const LIMIT = 40;

const { check, failed } = checklist();

/** One request on a new connection (so the processes share them), headers and body. */
/**
 * The process that answered from memory, from a kept answer's request id (`f<pid>-<start>-<n>`,
 * fast-path.ts), or undefined for an answer the app made: its random ids can begin with "f" too.
 */
function keptBy(rid: string | string[] | undefined): string | undefined {
  const id = String(rid ?? '');
  return /^f[0-9a-z]+-[0-9a-z]{8,}-[0-9a-z]+$/.test(id) ? id.split('-')[0] : undefined;
}

/** A GET on a new connection; `localAddress`: the loopback address it comes from (127.x.y.z). */
function get(base: string, path: string, headers: Record<string, string> = {}, localAddress?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const u = new URL(path, base);
  return new Promise((done, fail) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, agent: false, localAddress, headers: { authorization: `Bearer ${API_KEY}`, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.setTimeout(3_000, () => req.destroy(new Error(`${path}: no answer in 3 s`)));
    req.on('error', fail);
    req.end();
  });
}

const children = (pid: number) =>
  spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);

const fresh = await freshPostgres(serverUrl, 'verdant_workers');
const dist = mkdtempSync(join(tmpdir(), 'verdant-workers-dist-'));
chmodSync(dist, 0o755); // nginx's workers read it as another user
mkdirSync(join(dist, 'about'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title><p>built home page</p>');
writeFileSync(join(dist, 'about', 'index.html'), '<!doctype html><title>About</title><p>built about page</p>');
writeFileSync(join(dist, '404.html'), '<!doctype html><title>Not found</title>');
const base = `http://127.0.0.1:${port}`;
let output = '';
const primary = spawn(process.execPath, [join(root, 'scripts/start.ts'), '--api-only', '--workers', '2'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: fresh.url,
    REDIS_URL: redisUrl,
    PUBLIC_API_KEY: API_KEY,
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    LOG_LEVEL: 'warn',
    DIST_DIR: dist,
    TRUST_PROXY: 'true',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
primary.stdout.on('data', (b: Buffer) => (output += b.toString()));
primary.stderr.on('data', (b: Buffer) => (output += b.toString()));
let stopNginx: (() => void) | undefined;
try {
  const deadline = Date.now() + 120_000;
  while (!output.includes('in 2 server processes')) {
    if (primary.exitCode !== null || Date.now() > deadline) throw new Error(`--workers 2 did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log('1. Two server processes on one port');
  const first = children(primary.pid!);
  check(first.length === 2, `the primary runs 2 server processes (${first.join(', ')})`);
  // Each fills its own cache; a kept answer's request id names the process (fast-path.ts).
  const owners = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const r = await get(base, '/api/v1/countries', { 'x-forwarded-for': `198.51.100.${i + 1}` });
    const owner = keptBy(r.headers['x-request-id']);
    if (owner) owners.add(owner);
  }
  check(owners.size === 2, `kept answers came from ${owners.size} processes`);

  console.log('1b. A traveller’s kept answers follow a write made through either process');
  {
    // An address per request: the limit of 40 a minute is step 2's to test.
    let n = 0;
    const from = () => ({ 'x-forwarded-for': `203.0.113.${++n}` });
    const csrf = await fetch(`${base}/api/v1/csrf-token`, { headers: { authorization: `Bearer ${API_KEY}`, ...from() } });
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const token = ((await csrf.json()) as { token: string }).token;
    const login = await fetch(`${base}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: csrfCookie, ...from() },
      body: JSON.stringify({ user: { email: 'traveller@verdant.test', password: DEV_PASSWORD } }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const servers = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = await get(base, '/api/v1/me', { cookie, ...from() });
      const owner = keptBy(r.headers['x-request-id']);
      if (r.status === 200 && owner) servers.add(owner);
    }
    check(servers.size === 2, `both processes served /me from memory (${servers.size})`);
    let stale = 0;
    for (let round = 0; round < 5; round++) {
      const name = `Tess Round ${round}`;
      const patched = await fetch(`${base}/api/v1/me`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', cookie, ...from() },
        body: JSON.stringify({ name }),
      });
      if (patched.status !== 200) throw new Error(`PATCH /me: ${patched.status} ${await patched.text()}`);
      // At once, on new connections to either process: never the name before the write.
      for (let i = 0; i < 6; i++) if (!JSON.parse((await get(base, '/api/v1/me', { cookie, ...from() })).body).name?.includes(name)) stale++;
    }
    check(stale === 0, `30 reads right after 5 renames, through both processes: ${stale} stale`);
  }

  console.log(`2. One rate limit across the processes (${LIMIT} a minute, through Redis)`);
  const statuses: number[] = [];
  // An address of its own (Redis keeps a window's count between runs).
  const ip = `2001:db8::${Date.now().toString(16).slice(-4)}:${process.pid.toString(16)}`;
  for (let i = 0; i < 60; i++) statuses.push((await get(base, '/api/v1/countries', { 'x-forwarded-for': ip })).status);
  const limited = statuses.filter((s) => s === 429).length;
  check(limited === 20 && statuses.slice(0, LIMIT).every((s) => s === 200), `60 requests from one address: ${statuses.filter((s) => s === 200).length} answered, ${limited} refused with 429`);

  console.log('3. A killed server process is started again');
  process.kill(first[0]!, 'SIGKILL');
  let answered = 0;
  let replaced: number[] = [];
  for (let i = 0; i < 100; i++) {
    if ((await get(base, '/healthz').catch(() => ({ status: 0 }))).status === 200) answered++;
    replaced = children(primary.pid!);
    if (replaced.length === 2 && !replaced.includes(first[0]!) && i > 5) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  check(replaced.length === 2 && !replaced.includes(first[0]!), `a new process took its place (${replaced.join(', ')})`);
  check(answered > 0, `the port kept answering meanwhile (${answered} health checks)`);

  console.log('4. The production split (deploy/nginx.conf)');
  if (spawnSync('nginx', ['-v']).error) {
    console.log('  (nginx is not installed: skipped; apt-get install nginx-light)');
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'verdant-workers-nginx-'));
    mkdirSync(join(dir, 'logs'));
    const conf = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8').replaceAll('@PORT@', `127.0.0.1:${nginxPort}`).replaceAll('@DIST@', dist).replaceAll('@API@', `127.0.0.1:${port}`);
    writeFileSync(join(dir, 'nginx.conf'), `error_log ${dir}/logs/error.log; pid ${dir}/nginx.pid; daemon off;\n${conf}`);
    execFileSync('nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' });
    const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
    stopNginx = () => {
      nginx.kill();
      rmSync(dir, { recursive: true, force: true });
    };
    const nbase = `http://127.0.0.1:${nginxPort}`;
    let page = { status: 0, headers: {} as Record<string, unknown>, body: '' };
    for (let i = 0; i < 50 && page.status !== 200; i++) {
      page = await get(nbase, '/about/').catch(() => page);
      if (page.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    check(page.status === 200 && page.body.includes('built about page') && page.headers['x-request-id'] === undefined, 'a page comes from the build folder, served by nginx');
    // nginx names the caller by its own peer address ($remote_addr), whatever the request says:
    // the call comes from a loopback address of its own, so the per-address count cannot be one
    // that an earlier test left in Redis from 127.0.0.1 within the minute (CI failed so once).
    const own = `127.${(process.pid % 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
    const api = await get(nbase, '/api/v1/countries', {}, own);
    check(
      api.status === 200 && JSON.parse(api.body).countries?.length > 0 && typeof api.headers['x-request-id'] === 'string',
      `the API answers through nginx from the server processes (${api.status}${api.status === 200 ? '' : `: ${api.body.slice(0, 200)}`})`,
    );
    const missing = await get(nbase, '/no/such/page');
    check(missing.status === 404 && missing.body.includes('Not found'), 'an unknown page is the server’s 404 page, with status 404');
  }

  console.log('5. SIGTERM stops the group');
  const before = children(primary.pid!);
  const exited = new Promise<number | null>((r) => primary.once('exit', (code) => r(code)));
  primary.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
  const alive = before.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  check(code === 0 && alive.length === 0, `the primary exited with ${code} and no server process is left`);
} catch (err) {
  console.error(err);
  failed.push(`the test stopped: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  stopNginx?.();
  if (primary.exitCode === null) primary.kill('SIGKILL');
  await fresh.drop();
  rmSync(dist, { recursive: true, force: true });
}
if (failed.length) console.log(`\n${output.slice(-3000)}`);
console.log(failed.length ? `\n✖ ${failed.length} check(s) failed` : '\n✔ --workers: one port, one rate limit, restarts, the nginx split and a clean stop');
process.exit(failed.length ? 1 : 0);
