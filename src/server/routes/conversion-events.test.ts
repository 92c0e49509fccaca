import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { ConversionEventResponse } from '../../contract/conversion-events.ts';
import { conversionEvents } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { LogConversionSender, MetaConversionSender, type ConversionPayload } from '../providers/conversions.ts';
import { sendConversionEvent } from '../services/conversion-events.ts';
import { Agent } from '../testing/agent.ts';
import { bookAs, instantSgd } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const event = (over: Record<string, unknown> = {}) => ({
  eventName: 'ViewContent',
  eventId: `ev-${Math.random().toString(36).slice(2, 12)}`,
  eventSourceUrl: 'https://verdant.example/experiences/x',
  consent: { targetingCookie: true },
  customData: { contentIds: ['x'], contentType: 'product' },
  ...over,
});

describe('POST /facebook_pixel_event', () => {
  it('queues a consented event once; the same event_id again is a duplicate; the job sends it through the port', async () => {
    const body = event();
    const r = await t.post('/api/v1/facebook_pixel_event', body, { headers: { 'user-agent': 'Mozilla/5.0 test', cookie: '_fbp=fb.1.123.456' } });
    expect(r.status).toBe(202);
    expect(ConversionEventResponse.parse(r.body)).toEqual({ eventId: body.eventId, status: 'queued' });
    const again = await t.post('/api/v1/facebook_pixel_event', body);
    expect(again.status).toBe(200);
    expect(again.body['status']).toBe('duplicate');
    const sent: ConversionPayload[] = [];
    const sender = { name: 'log' as const, send: async (p: ConversionPayload) => void sent.push(p) };
    await t.jobs.runDue(QUEUES.conversionEvent.name, (data: { eventId: string }) => sendConversionEvent({ db: t.db, sender, log: pino({ level: 'silent' }) }, data.eventId).then(() => undefined));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ event_name: 'ViewContent', event_id: body.eventId, action_source: 'website', user_data: { fbp: 'fb.1.123.456', client_user_agent: 'Mozilla/5.0 test' } });
    const [row] = await t.db.select().from(conversionEvents).where(eq(conversionEvents.eventId, body.eventId));
    expect(row?.status).toBe('sent');
    // Sending again (a retried job) sends nothing twice.
    expect(await sendConversionEvent({ db: t.db, sender, log: pino({ level: 'silent' }) }, body.eventId)).toBe('skipped');
  });

  it('records nothing without consent to targeting cookies', async () => {
    const body = event({ consent: { targetingCookie: false } });
    const r = await t.post('/api/v1/facebook_pixel_event', body);
    expect(r.status).toBe(403);
    expect(r.body['code']).toBe('no_consent');
    expect(await t.db.select().from(conversionEvents).where(eq(conversionEvents.eventId, body.eventId))).toHaveLength(0);
  });

  it('refuses bad input with field messages', async () => {
    const r = await t.post('/api/v1/facebook_pixel_event', { eventName: 'Hack', eventId: 'x', eventSourceUrl: 'nope' });
    expect(r.status).toBe(422);
    expect(r.body.fields).toMatchObject({ eventName: 'Unknown event name', eventId: 'event_id must be 8 to 100 letters, digits or _.:-', eventSourceUrl: 'Give the page address', consent: 'Give the visitor’s consent' });
    const noOrder = await t.post('/api/v1/facebook_pixel_event', event({ eventName: 'Purchase' }));
    expect(noOrder.body.fields?.['customData.orderId']).toBe('A purchase names its order');
  });

  it('reads a purchase’s value from the order, and another member’s order answers 404', async () => {
    const tess = new Agent(t, '198.20.0.1');
    await tess.login('traveller@verdant.test');
    const booked = await bookAs(t, tess, await instantSgd(t.db), { guests: 1 });
    const body = event({ eventName: 'Purchase', eventId: `purchase-${booked.orderId}`, customData: { orderId: booked.orderId, value: 0.01, currency: 'USD' } });
    const ezra = new Agent(t, '198.20.0.2');
    await ezra.login('explorer@verdant.test');
    expect((await ezra.post('/api/v1/facebook_pixel_event', body)).status).toBe(404);
    expect((await t.post('/api/v1/facebook_pixel_event', body)).status).toBe(404);
    expect((await tess.post('/api/v1/facebook_pixel_event', body)).status).toBe(202);
    const [row] = await t.db.select().from(conversionEvents).where(eq(conversionEvents.eventId, body.eventId));
    const custom = (row!.payload as ConversionPayload).custom_data;
    expect(custom).toMatchObject({ currency: 'SGD', value: booked.paid });
    expect((row!.payload as ConversionPayload).user_data['em']).toHaveLength(1);
  });
});

describe('conversion senders', () => {
  it('logs by default and posts to the Conversions API when configured', async () => {
    const log = pino({ level: 'silent' });
    const info = vi.spyOn(log, 'info');
    const p: ConversionPayload = { event_name: 'Lead', event_id: 'lead-12345678', event_time: 1, event_source_url: 'https://x.example', action_source: 'website', user_data: {}, custom_data: {} };
    await new LogConversionSender(log).send(p);
    expect(info).toHaveBeenCalled();
    const calls: [string, RequestInit][] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response('{"events_received":1}', { status: 200 });
    }) as unknown as typeof fetch;
    await new MetaConversionSender({ pixelId: '123', accessToken: 'tok', apiUrl: 'https://graph.example/v21.0' }, fetcher).send(p);
    expect(calls[0]![0]).toBe('https://graph.example/v21.0/123/events?access_token=tok');
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ data: [p] });
    const failing = (async () => new Response('bad', { status: 400 })) as unknown as typeof fetch;
    await expect(new MetaConversionSender({ pixelId: '1', accessToken: 't', apiUrl: 'https://g.example' }, failing).send(p)).rejects.toThrow(/answered 400/);
  });
});
