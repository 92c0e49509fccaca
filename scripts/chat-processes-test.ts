// `npm run test:chat-processes`: chat across two API processes on PostgreSQL and Redis (issue 17):
//   1. a partner's websocket is connected to process B; the traveller sends a message through
//      process A; it arrives on B's socket within a second (Redis pub/sub fan-out);
//   2. process B is killed (SIGKILL: no goodbye to its sockets); the traveller sends three more
//      messages through A while B is down; B starts again, the partner reconnects to it and asks for
//      the messages after the last one it saw: all three come back, and a new message arrives live;
//   3. every message the traveller sent was seen by the partner exactly once (nothing lost).
// Needs TEST_DATABASE_URL (a server it may create a database on) and TEST_REDIS_URL.
import { randomUUID } from 'node:crypto';
import { freshPostgres, startApi, API_KEY, type ApiProcess } from './lib/booking-load.ts';
import { camelizeKeys, snakeizeKeys } from '../src/lib/key-case.ts';
import { checklist } from './lib/checks.ts';

const serverUrl = process.env['TEST_DATABASE_URL'];
const redisUrl = process.env['TEST_REDIS_URL'];
if (!serverUrl || !redisUrl) {
  console.error('TEST_DATABASE_URL and TEST_REDIS_URL are required (a PostgreSQL server the test may create a database on, and Redis).');
  process.exit(2);
}
const basePort = Number(process.env['CHAT_PROCESSES_PORT'] ?? 4480);
const [portA, portB] = [basePort, basePort + 1];
const ORIGIN = 'http://localhost:4321'; // PUBLIC_SITE_URL's default: the websocket's Origin check

const { check, failed } = checklist();

/** A tiny browser per person: keeps its session cookie between calls. */
function browser() {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function http(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', cookie: cookie(), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(snakeizeKeys(body)) }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) jar.set(k.trim(), v.join('='));
    }
    const text = await res.text();
    return { status: res.status, body: camelizeKeys<Record<string, unknown>>(text ? JSON.parse(text) : {}) };
  }
  async function login(base: string, email: string) {
    const csrf = await http(base, 'GET', '/api/v1/csrf-token');
    const r = await http(base, 'POST', '/users/login', { user: { email, password: 'verdant-dev-password' } }, { 'x-csrf-token': String(csrf.body['token']) });
    if (r.status !== 200) throw new Error(`log-in of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return { http, login, cookie };
}

type Socket = { ws: WebSocket; events: { type: string; at: number; [k: string]: unknown }[]; closed: Promise<void> };
async function connect(base: string, cookie: string): Promise<Socket> {
  // Node's WebSocket (undici) takes headers as a non-standard option.
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/realtime`, { headers: { cookie, origin: ORIGIN } } as unknown as string[]);
  const events: Socket['events'] = [];
  ws.addEventListener('message', (e) => events.push({ ...(JSON.parse(String(e.data)) as { type: string }), at: performance.now() }));
  const closed = new Promise<void>((r) => ws.addEventListener('close', () => r()));
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve());
    ws.addEventListener('error', () => reject(new Error(`websocket to ${base} refused`)));
  });
  const deadline = Date.now() + 5_000;
  while (!events.some((e) => e.type === 'hello') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return { ws, events, closed };
}

const messageIds = (s: Socket) => s.events.filter((e) => e.type === 'chat.message').map((e) => (e['message'] as { id: number }).id);

async function waitFor(check: () => boolean, ms: number) {
  const deadline = performance.now() + ms;
  while (!check() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  return check();
}

function kill(api: ApiProcess) {
  const exited = new Promise((r) => api.child.once('exit', r));
  process.kill(-api.child.pid!, 'SIGKILL');
  return exited;
}

console.log('• Creating and seeding a PostgreSQL database…');
const database = await freshPostgres(serverUrl, 'verdant_chat_processes');
const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl };
let a: ApiProcess | null = null;
let b: ApiProcess | null = null;
const sockets: Socket[] = [];
try {
  console.log(`• Starting two API processes (A on ${portA}, B on ${portB}) with Redis…`);
  [a, b] = await Promise.all([startApi(portA, env), startApi(portB, env)]);
  const traveller = browser();
  const partner = browser();
  await traveller.login(a.base, 'traveller@verdant.test');
  await partner.login(b.base, 'partner@verdant.test');
  const started = await traveller.http(a.base, 'POST', '/api/v1/chat_conversations', { operatorSlug: 'ubin-paddle-co' });
  check(started.status === 201 || started.status === 200, `the traveller starts a conversation with Ubin Paddle Co. on A (${started.status})`);
  const conversationId = (started.body['conversation'] as { id: string }).id;
  const sent: number[] = [];
  const say = async (base: string, body: string) => {
    const r = await traveller.http(base, 'POST', '/api/v1/chat_messages', { conversationId, body, clientRef: randomUUID() });
    if (r.status !== 201) throw new Error(`sending failed: ${r.status} ${JSON.stringify(r.body)}`);
    const id = (r.body['message'] as { id: number }).id;
    sent.push(id);
    return id;
  };

  // ── 1. A message sent through A reaches a socket on B within a second ──────────────
  let onB = await connect(b.base, partner.cookie());
  sockets.push(onB);
  check(onB.events.some((e) => e.type === 'hello'), 'the partner’s websocket is open on B');
  const t0 = performance.now();
  const first = await say(a.base, 'Hello from process A: is the 8am paddle still on?');
  const arrived = await waitFor(() => messageIds(onB).includes(first), 1_000);
  const ms = arrived ? Math.round(onB.events.find((e) => e.type === 'chat.message' && (e['message'] as { id: number }).id === first)!.at - t0) : -1;
  check(arrived, `the message sent through A arrived on B’s socket within a second${arrived ? ` (${ms} ms after the send began)` : ''}`);
  check(await waitFor(() => onB.events.some((e) => e.type === 'chat.unread' && e['hasUnreadMessage'] === true), 1_000), 'B’s socket heard the unread dot turn on');

  // ── 2. Kill B; send while it is down; restart; the reconnecting client catches up ──
  const lastSeen = Math.max(...messageIds(onB));
  console.log('• Killing process B (SIGKILL) while the partner is connected to it…');
  await kill(b);
  await onB.closed;
  check(true, 'the partner’s socket dropped with B');
  const whileDown = [await say(a.base, 'Sent while B was down (1)'), await say(a.base, 'Sent while B was down (2)'), await say(a.base, 'Sent while B was down (3)')];
  console.log('• Restarting process B; the partner reconnects and asks what it missed…');
  b = await startApi(portB, env);
  onB = await connect(b.base, partner.cookie());
  sockets.push(onB);
  const missed = await partner.http(b.base, 'GET', `/api/v1/chat_conversations/${conversationId}/messages?after=${lastSeen}`);
  const missedIds = (missed.body['messages'] as { id: number }[]).map((m) => m.id);
  check(missed.status === 200 && JSON.stringify(missedIds) === JSON.stringify(whileDown), `after=${lastSeen} on the restarted B returns the three messages sent while it was down (${JSON.stringify(missedIds)})`);
  const live = await say(a.base, 'And one more, now that B is back');
  check(await waitFor(() => messageIds(onB).includes(live), 1_000), 'a new message through A reaches the new socket on B within a second');

  // ── 3. Kill A, the sending process, too: what it stored is kept ─────────────────────
  console.log('• Killing process A (SIGKILL) and restarting it…');
  await kill(a);
  a = await startApi(portA, env);
  const again = await say(a.base, 'Sent through the restarted A');
  check(await waitFor(() => messageIds(onB).includes(again), 1_000), 'a message through the restarted A reaches B’s socket within a second');

  const seen = [...new Set([...sockets.flatMap(messageIds), ...missedIds])].sort((x, y) => x - y);
  const all = await partner.http(b.base, 'GET', `/api/v1/chat_conversations/${conversationId}/messages?after=0&per=200`);
  // The demo seed's conversation with Ubin Paddle Co. is reused: its earlier messages come first.
  const stored = (all.body['messages'] as { id: number }[]).map((m) => m.id).filter((id) => id >= sent[0]!);
  check(JSON.stringify(seen) === JSON.stringify([...sent].sort((x, y) => x - y)), `the partner saw every one of the ${sent.length} messages (live or fetched), none lost`);
  check(JSON.stringify(stored) === JSON.stringify(sent), `all ${sent.length} are stored, in order, once each`);
} finally {
  for (const s of sockets) s.ws.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database.drop();
}

if (failed.length > 0) {
  console.error(`\n✖ chat processes test: ${failed.length} check(s) failed`);
  process.exit(1);
}
console.log('\n✔ chat processes test passed');
