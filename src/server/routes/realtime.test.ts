// The realtime websocket on a real listening server: session cookie + Origin, hello, ping/pong,
// events from the hub, and closing at log-out.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { listen } from '../main.ts';
import { parseConfig } from '../config.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import type { Database } from '../db/client.ts';
import { MemoryRateLimitStore } from '../providers/rate-limit.ts';
import { DEV_PASSWORD } from '../db/seed/users.ts';
import { RealtimeHub } from '../realtime.ts';
import { testStorageDir } from '../testing/backend.ts';

let database: Database;
let server: Awaited<ReturnType<typeof listen>>;
let base: string;
const hub = new RealtimeHub();

beforeAll(async () => {
  database = await openTestDatabase();
  const config = parseConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: testStorageDir, PUBLIC_SITE_URL: 'http://localhost:4999' });
  server = await listen({ config, log: pino({ level: 'silent' }), db: database.db, rateLimitStore: new MemoryRateLimitStore(), providers: { realtime: hub } });
  base = server.url;
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function login(email = 'traveller@verdant.test'): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const t = await fetch(`${base}/api/v1/csrf-token`, { headers: { authorization: 'Bearer verdant-dev-public-key' } });
  keep(t);
  const { token } = (await t.json()) as { token: string };
  const r = await fetch(`${base}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookie() }, body: JSON.stringify({ user: { email, password: DEV_PASSWORD } }) });
  expect(r.status).toBe(200);
  keep(r);
  return { cookie: cookie(), csrf: token };
}

function open(headers: Record<string, string>): Promise<{ ws: WebSocket; messages: unknown[]; closed: Promise<number>; opened: Promise<void> }> {
  // Node's WebSocket (undici) accepts headers as a non-standard option.
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/realtime`, { headers } as unknown as string[]);
  const messages: unknown[] = [];
  ws.addEventListener('message', (e) => messages.push(JSON.parse(String(e.data))));
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve());
    ws.addEventListener('error', () => reject(new Error('refused')));
  });
  return Promise.resolve({ ws, messages, closed, opened });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe('realtime websocket', () => {
  it('opens for a logged-in user from the site origin: hello, ping → pong, hub events, closed at log-out', async () => {
    const { cookie, csrf } = await login();
    const c = await open({ cookie, origin: 'http://localhost:4999' });
    await c.opened;
    await until(() => c.messages.length > 0);
    expect(c.messages[0]).toMatchObject({ type: 'hello' });
    c.ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => c.messages.some((m) => (m as { type: string }).type === 'pong'));
    const userId = (c.messages[0] as { userId: string }).userId;
    expect(hub.publish(userId, { type: 'chat.unread', hasUnreadMessage: true })).toBe(1);
    await until(() => c.messages.some((m) => (m as { type: string }).type === 'chat.unread'));
    const out = await fetch(`${base}/users/logout`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf } });
    expect(out.status).toBe(200);
    expect(await c.closed).toBe(4401);
    await until(() => hub.connections(userId) === 0);
  });

  it('refuses a guest, a foreign origin, and a missing origin', async () => {
    const { cookie } = await login();
    const guest = await fetch(`${base}/api/v1/realtime`, { headers: { origin: 'http://localhost:4999' } });
    expect(guest.status).toBe(401);
    const foreign = await fetch(`${base}/api/v1/realtime`, { headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const none = await fetch(`${base}/api/v1/realtime`, { headers: { cookie } });
    expect(none.status).toBe(403);
    const ws = await open({ cookie, origin: 'https://evil.example' });
    await expect(ws.opened).rejects.toThrow();
    const anonymous = await open({ origin: 'http://localhost:4999' });
    await expect(anonymous.opened).rejects.toThrow();
    // A logged-in request that is not an upgrade is answered plainly.
    expect((await fetch(`${base}/api/v1/realtime`, { headers: { cookie, origin: 'http://localhost:4999' } })).status).toBe(426);
  });
});

describe('chat over the websocket', () => {
  it('typing reaches the other side of the conversation; a third user is told it is not theirs and nobody hears them', async () => {
    const traveller = await login();
    const partner = await login('partner@verdant.test');
    const stranger = await login('explorer@verdant.test');
    const started = await fetch(`${base}/api/v1/chat_conversations`, {
      method: 'POST',
      headers: { authorization: 'Bearer verdant-dev-public-key', 'content-type': 'application/json', cookie: traveller.cookie },
      body: JSON.stringify({ operator_slug: 'ubin-paddle-co' }),
    });
    expect(started.status).toBeLessThan(300);
    const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;
    const t = await open({ cookie: traveller.cookie, origin: 'http://localhost:4999' });
    const p = await open({ cookie: partner.cookie, origin: 'http://localhost:4999' });
    const x = await open({ cookie: stranger.cookie, origin: 'http://localhost:4999' });
    await Promise.all([t.opened, p.opened, x.opened]);
    await until(() => [t, p, x].every((c) => c.messages.length > 0));
    x.ws.send(JSON.stringify({ type: 'chat.typing', conversationId }));
    await until(() => x.messages.some((m) => (m as { type: string }).type === 'error'));
    expect(x.messages).toContainEqual({ type: 'error', error: 'Conversation not found' });
    p.ws.send(JSON.stringify({ type: 'chat.typing', conversationId }));
    await until(() => t.messages.some((m) => (m as { type: string }).type === 'chat.typing'));
    expect(t.messages.filter((m) => (m as { type: string }).type === 'chat.typing')).toEqual([{ type: 'chat.typing', conversationId, side: 'operator', name: expect.any(String) }]);
    expect(p.messages.some((m) => (m as { type: string }).type === 'chat.typing')).toBe(false);
    for (const c of [t, p, x]) c.ws.close();
  });
});

describe('stopping the server', () => {
  it('closes open websockets with 1001 instead of waiting for them (a restart never hangs on a tab)', async () => {
    const config = parseConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: testStorageDir, PUBLIC_SITE_URL: 'http://localhost:4999' });
    const other = await listen({ config, log: pino({ level: 'silent' }), db: database.db, rateLimitStore: new MemoryRateLimitStore(), providers: { realtime: new RealtimeHub() } });
    const { cookie } = await login();
    const ws = new WebSocket(`${other.url.replace('http', 'ws')}/api/v1/realtime`, { headers: { cookie, origin: 'http://localhost:4999' } } as unknown as string[]);
    const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve());
      ws.addEventListener('error', () => reject(new Error('refused')));
    });
    await other.close();
    expect(await closed).toBe(1001);
  });
});

describe('connections reset during the upgrade', () => {
  it('a browser that resets its socket while the upgrade is checked does not take the server down', async () => {
    const { cookie } = await login();
    const port = Number(new URL(base).port);
    // Resets at different moments of the handshake (the session is checked asynchronously).
    for (let i = 0; i < 30; i++) {
      await new Promise<void>((done) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            [
              'GET /api/v1/realtime HTTP/1.1',
              `Host: 127.0.0.1:${port}`,
              'Upgrade: websocket',
              'Connection: Upgrade',
              'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
              'Sec-WebSocket-Version: 13',
              'Origin: http://localhost:4999',
              ...(i % 2 === 0 ? [`Cookie: ${cookie}`] : []),
              '',
              '',
            ].join('\r\n'),
          );
          // Half as a guest (refused: the server answers and ends), half signed in; reset at once,
          // a little later, or as the answer arrives.
          const reset = () => {
            socket.resetAndDestroy();
            done();
          };
          if (i % 3 === 2) socket.once('data', reset);
          else setTimeout(reset, i % 10);
        });
        socket.on('error', () => done());
      });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
