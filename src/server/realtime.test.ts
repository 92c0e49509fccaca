// The realtime hub: in process without Redis; across hubs (API processes) through Redis pub/sub
// with TEST_REDIS_URL (like the other Redis tests).
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RealtimeHub } from './realtime.ts';

const redisUrl = process.env['TEST_REDIS_URL'];

function socket() {
  const got: unknown[] = [];
  const closed: number[] = [];
  return { got, closed, socket: { send: (d: string) => got.push(JSON.parse(d)), close: (code?: number) => closed.push(code ?? 1000) } };
}
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('in process (no REDIS_URL)', () => {
  it('reaches every socket of the user and nobody else, and closes a logged-out session', () => {
    const hub = new RealtimeHub();
    expect(hub.shared).toBe(false);
    const a1 = socket();
    const a2 = socket();
    const b = socket();
    const leave = hub.add('a', 's1', a1.socket);
    hub.add('a', 's2', a2.socket);
    hub.add('b', 's3', b.socket);
    expect(hub.publish('a', { type: 'chat.unread', hasUnreadMessage: true })).toBe(2);
    expect(a1.got).toEqual([{ type: 'chat.unread', hasUnreadMessage: true }]);
    expect(b.got).toEqual([]);
    hub.endSession('a', 's2');
    expect(a2.closed).toEqual([4401]);
    expect(a1.closed).toEqual([]);
    leave();
    expect(hub.connections('a')).toBe(1);
  });
});

describe.skipIf(!redisUrl)('across processes through Redis (TEST_REDIS_URL)', () => {
  const channel = `verdant:test:realtime:${randomBytes(6).toString('hex')}`;
  const hubs = [new RealtimeHub({ redisUrl, channel }), new RealtimeHub({ redisUrl, channel })] as const;
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.close()));
  });

  it('an event published in one hub reaches the user’s sockets held by the other, once', async () => {
    const [a, b] = hubs;
    await Promise.all([a.ready, b.ready]);
    expect(a.shared).toBe(true);
    const onA = socket();
    const onB = socket();
    a.add('u1', 's1', onA.socket);
    b.add('u1', 's2', onB.socket);
    const event = { type: 'chat.message', conversationId: 'c1', n: 1 };
    expect(a.publish('u1', event)).toBe(1);
    await until(() => onB.got.length === 1);
    expect(onB.got).toEqual([event]);
    // The publishing hub delivered locally and skips its own echo from Redis.
    await new Promise((r) => setTimeout(r, 50));
    expect(onA.got).toEqual([event]);
    // Nobody else's sockets.
    const other = socket();
    b.add('u2', 's3', other.socket);
    a.publish('u1', { type: 'chat.typing' });
    await until(() => onB.got.length === 2);
    expect(other.got).toEqual([]);
  });

  it('a log-out in one process closes that session’s sockets in the other', async () => {
    const [a, b] = hubs;
    const s = socket();
    b.add('u3', 'sess', s.socket);
    a.endSession('u3', 'sess');
    await until(() => s.closed.length === 1);
    expect(s.closed).toEqual([4401]);
    expect(s.got).toEqual([{ type: 'session.ended' }]);
  });
});
