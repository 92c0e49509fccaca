// The account area's calls: profile, credits, referral, gift codes, bucket lists — and that
// user B can never read or change anything of user A's through any of them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BucketListSchema, CreditsResponse, GiftCodeSchema, ReferralResponse, UserSchema } from '../../contract/accounts.ts';
import { bucketLists, giftCodes, users } from '../db/schema.ts';
import { DEMO_GIFT_CODES } from '../db/seed/accounts.ts';
import { Agent } from '../testing/agent.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let seq = 0;
const agent = () => new Agent(t, `198.21.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`);
let tess: Agent; // user A, with seeded data
let ada: Agent; // user B

beforeAll(async () => {
  t = await createTestApp({});
  tess = agent();
  await tess.login('traveller@verdant.test');
  ada = agent();
  await ada.login('admin@verdant.test');
});
afterAll(() => t.close());

const slugOf = async () => {
  const r = await agent().get('/api/v1/options?per=2');
  return (r.body as { options: { slugCode: string }[] }).options.map((o) => o.slugCode);
};

describe('GET /me', () => {
  it('answers the full user with roles and bucket lists; 401 for a guest', async () => {
    const r = await tess.get('/api/v1/me?view=full');
    const me = UserSchema.parse(r.body);
    expect(me).toMatchObject({ email: 'traveller@verdant.test', isAdmin: false, isPartner: false, ambassadorProfile: null, referralCode: 'TESSGOES' });
    expect(me.bucketLists.map((l) => l.name)).toEqual(['Borneo with Sam, one day', 'Japan in the green season']);
    const partner = agent();
    await partner.login('partner@verdant.test');
    expect((await partner.get('/api/v1/me')).body).toMatchObject({ isPartner: true });
    const amb = agent();
    await amb.login('ambassador@verdant.test');
    expect((await amb.get('/api/v1/me')).body).toMatchObject({ ambassadorProfile: { status: 'approved' } });
    expect((await ada.get('/api/v1/me')).body).toMatchObject({ isAdmin: true });
    const guest = await agent().get('/api/v1/me');
    expect(guest.status).toBe(401);
    expect(guest.body.error).toBe('Please log in to continue.');
  });
});

describe('PATCH /me', () => {
  it('changes the name and newsletter choice; refuses unknown keys and bad values', async () => {
    const a = agent();
    await a.main('POST', '/users', { user: { name: 'Pat Profile', email: 'pat.profile@example.com', password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha: ((await a.get('/api/v1/captcha/challenge')).body as { token: string }).token });
    const r = await a.patch('/api/v1/me', { name: 'Patricia Profile', receive_newsletters: false, country: 'sg' });
    expect(UserSchema.parse(r.body)).toMatchObject({ name: 'Patricia Profile', receiveNewsletters: false, country: 'SG' });
    expect((await a.patch('/api/v1/me', { name: '' })).status).toBe(422);
    expect((await a.patch('/api/v1/me', { is_admin: true })).status).toBe(422);
    expect((await a.patch('/api/v1/me', { avatar: 'data:text/plain;base64,aGk=' })).status).toBe(422);
  });

  it('changing the email needs the current password', async () => {
    const a = agent();
    await a.main('POST', '/users', { user: { name: 'Em Ail', email: 'em.ail@example.com', password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha: ((await a.get('/api/v1/captcha/challenge')).body as { token: string }).token });
    const none = await a.patch('/api/v1/me', { email: 'new.ail@example.com' });
    expect(none.status).toBe(422);
    expect((none.raw as { fields: Record<string, string> }).fields['current_password']).toBe('Your current password is incorrect');
    const taken = await a.patch('/api/v1/me', { email: 'traveller@verdant.test', current_password: 'first-pass' });
    expect(taken.body.error).toBe('Email has already been taken');
    const ok = await a.patch('/api/v1/me', { email: 'new.ail@example.com', current_password: 'first-pass' });
    expect(ok.body).toMatchObject({ email: 'new.ail@example.com' });
  });

  it('stores an avatar through the storage port as a 256 px WebP', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#4e7a55' } }).png().toBuffer();
    const a = agent();
    await a.main('POST', '/users', { user: { name: 'Ava Tar', email: 'ava.tar@example.com', password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha: ((await a.get('/api/v1/captcha/challenge')).body as { token: string }).token });
    const r = await a.patch('/api/v1/me', { avatar: `data:image/png;base64,${png.toString('base64')}` });
    expect(r.status).toBe(200);
    const url = (r.body as { avatarUrl: string }).avatarUrl;
    expect(url).toMatch(/^\/storage\/avatars\/.+\.webp$/);
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const meta = await sharp(await readFile(join(t.config.dataDir, 'storage', decodeURIComponent(url.slice('/storage/'.length))))).metadata();
    expect(meta).toMatchObject({ width: 256, height: 256, format: 'webp' });
    const removed = await a.patch('/api/v1/me', { avatar: null });
    expect((removed.body as { avatarUrl: unknown }).avatarUrl).toBeNull();
  });
});

describe('credits and referral', () => {
  it('shows the balances and the ledger, newest first', async () => {
    const r = await tess.get('/api/v1/credits');
    const body = CreditsResponse.parse(r.body);
    expect(body.balances).toEqual(expect.arrayContaining([{ amount: 20, currency: 'SGD' }, { amount: 10, currency: 'USD' }]));
    expect(body.entries.map((e) => e.kind)).toEqual(['refund', 'spend', 'gift_code', 'welcome']);
    expect(body.entries[1]!.amount).toEqual({ amount: -25, currency: 'SGD' });
    expect((await tess.get('/api/v1/credits?per=0')).status).toBe(422);
  });

  it('gives the invite link and the welcome discount by country', async () => {
    const r = await tess.get('/api/v1/referral', { headers: { 'cf-ipcountry': 'MY' } });
    const body = ReferralResponse.parse(r.body);
    expect(body.inviteUrl).toBe(`${t.config.siteUrl}/invite?ref=TESSGOES`);
    expect(body.welcomeDiscount).toEqual({ amount: 30, currency: 'MYR' });
    expect(body.reward).toEqual({ amount: 10, currency: 'USD' }); // Tess lives in GB
    expect(body.referrals).toEqual([expect.objectContaining({ friendName: 'Aiden', status: 'pending' })]);
  });

  it('a friend who signs up with ?ref gets the welcome credit; the referrer is rewarded once, after the first completed trip', async () => {
    const { rewardReferralOnFirstCompletedTrip } = await import('../services/referrals.ts');
    const f = agent();
    const captcha = ((await f.get('/api/v1/captcha/challenge')).body as { token: string }).token;
    const r = await f.main('POST', '/users', { user: { name: 'Siti Friend', email: 'siti.friend@example.com', password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha, ref: 'tessgoes' }, { headers: { 'cf-ipcountry': 'SG' } });
    expect(r.status).toBe(200);
    expect(CreditsResponse.parse((await f.get('/api/v1/credits')).body).balances).toEqual([{ amount: 10, currency: 'SGD' }]);
    const friendId = (r.body as { user: { id: string } }).user.id;
    const before = CreditsResponse.parse((await tess.get('/api/v1/credits')).body).balances.find((b) => b.currency === 'USD')!.amount;
    const reward = await rewardReferralOnFirstCompletedTrip(t.db, friendId);
    expect(reward).toMatchObject({ amount: 1000, currency: 'USD' });
    expect(await rewardReferralOnFirstCompletedTrip(t.db, friendId)).toBeNull();
    const after = CreditsResponse.parse((await tess.get('/api/v1/credits')).body);
    expect(after.balances.find((b) => b.currency === 'USD')!.amount).toBe(before + 10);
    expect(after.entries[0]).toMatchObject({ kind: 'referral_reward', description: 'Referral reward: Siti completed their first trip' });
  });
});

describe('gift codes', () => {
  it('lists the held codes, adds one by code, redeems it into credit once, and removes an active one', async () => {
    const list = await tess.get('/api/v1/gift_codes');
    const codes = (list.body as { giftCodes: unknown[] }).giftCodes.map((g) => GiftCodeSchema.parse(g));
    expect(codes.map((c) => c.code).sort()).toEqual(['FOREST-40', DEMO_GIFT_CODES.held].sort());
    const held = codes.find((c) => c.code === DEMO_GIFT_CODES.held)!;
    expect((await tess.get(`/api/v1/gift_codes/${held.id}`)).body).toMatchObject({ senderName: 'Maya', amount: { amount: 50, currency: 'SGD' } });

    const a = agent();
    await a.main('POST', '/users', { user: { name: 'Gil Code', email: 'gil.code@example.com', password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha: ((await a.get('/api/v1/captcha/challenge')).body as { token: string }).token });
    expect(((await a.post('/api/v1/gift_codes', { code: '' })).raw as { fields: Record<string, string> }).fields['code']).toBe('Please enter your gift code');
    expect((await a.post('/api/v1/gift_codes', { code: 'NOPE-NOPE' })).body.error).toBe('This gift code is not valid');
    expect((await a.post('/api/v1/gift_codes', { code: DEMO_GIFT_CODES.held })).body.error).toBe('This gift code has already been used');
    const added = await a.post('/api/v1/gift_codes', { code: DEMO_GIFT_CODES.unclaimed.toLowerCase() });
    expect(added.status).toBe(201);
    const g = GiftCodeSchema.parse(added.body);
    const redeemed = await a.post(`/api/v1/gift_codes/${g.id}/redeem`);
    expect(redeemed.body).toMatchObject({ balance: { amount: 25, currency: 'SGD' }, giftCode: { status: 'redeemed' } });
    expect((await a.post(`/api/v1/gift_codes/${g.id}/redeem`)).status).toBe(422);
    expect((await a.post(`/api/v1/gift_codes/${g.id}/remove`)).status).toBe(422);
    expect(CreditsResponse.parse((await a.get('/api/v1/credits')).body).balances).toEqual([{ amount: 25, currency: 'SGD' }]);
  });

  it('an expired code cannot be added', async () => {
    await t.db.insert(giftCodes).values({ id: 'expired-gift-code-id-1', code: 'OLD-GIFT-10', amount: 1000, currency: 'SGD', expiresAt: new Date(Date.now() - 1000) });
    expect((await ada.post('/api/v1/gift_codes', { code: 'OLD-GIFT-10' })).body.error).toBe('This gift code has expired');
  });
});

describe('bucket lists', () => {
  it('create with an experience, rename, share, add, move, remove, delete', async () => {
    const [s1, s2] = await slugOf();
    const a = agent();
    await a.main('POST', '/users', { user: { name: 'Bo List', email: 'bo.list@example.com', password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha: ((await a.get('/api/v1/captcha/challenge')).body as { token: string }).token });
    expect((await a.post('/api/v1/bucket_lists', { name: ' ' })).body.error).toContain('Please name your list');
    const created = BucketListSchema.parse((await a.post('/api/v1/bucket_lists', { name: 'Sumatra', option_slug_code: s1 })).body);
    expect(created.bucketListOptions.map((o) => o.option.slugCode)).toEqual([s1]);
    expect((await a.post('/api/v1/bucket_lists', { name: 'X', option_slug_code: 'no-such-experience' })).status).toBe(404);
    const renamed = await a.patch(`/api/v1/bucket_lists/${created.id}`, { name: 'Sumatra 2027' });
    expect(renamed.body).toMatchObject({ name: 'Sumatra 2027', shared: false });
    const second = BucketListSchema.parse((await a.post('/api/v1/bucket_lists', { name: 'Someday' })).body);
    const added = BucketListSchema.parse((await a.post('/api/v1/bucket_list_options', { bucket_list_id: created.id, option_slug_code: s2 })).body);
    expect(added.bucketListOptions).toHaveLength(2);
    // Adding twice keeps one.
    expect(BucketListSchema.parse((await a.post('/api/v1/bucket_list_options', { bucket_list_id: created.id, option_slug_code: s2 })).body).bucketListOptions).toHaveLength(2);
    const item = added.bucketListOptions[1]!;
    const moved = BucketListSchema.parse((await a.patch(`/api/v1/bucket_list_options/${item.id}`, { bucket_list_id: second.id })).body);
    expect(moved.bucketListOptions.map((o) => o.option.slugCode)).toEqual([s2]);
    const emptied = BucketListSchema.parse((await a.delete(`/api/v1/bucket_list_options/${item.id}`)).body);
    expect(emptied.bucketListOptions).toEqual([]);
    expect((await a.delete(`/api/v1/bucket_lists/${second.id}`)).status).toBe(200);
    expect((await a.get(`/api/v1/bucket_lists/${second.id}`)).status).toBe(404);
  });

  it('a shared list is readable by anyone with the link, read-only; an unshared one is not', async () => {
    const [shared] = await t.db.select().from(bucketLists).where(eq(bucketLists.name, 'Borneo with Sam, one day'));
    const [privateList] = await t.db.select().from(bucketLists).where(eq(bucketLists.name, 'Japan in the green season'));
    const guest = await agent().get(`/api/v1/bucket_lists/${shared!.id}`);
    expect(BucketListSchema.parse(guest.body)).toMatchObject({ isOwner: false, ownerName: 'Tess' });
    expect(JSON.stringify(guest.raw)).not.toContain('traveller@verdant.test');
    expect((await agent().get(`/api/v1/bucket_lists/${privateList!.id}`)).status).toBe(404);
    expect((await ada.get(`/api/v1/bucket_lists/${privateList!.id}`)).status).toBe(404);
    expect((await tess.get(`/api/v1/bucket_lists/${privateList!.id}`)).body).toMatchObject({ isOwner: true });
  });
});

describe("user B never reads or changes user A's data", () => {
  it('through every account call', async () => {
    const [s1] = await slugOf();
    const lists = UserSchema.parse((await tess.get('/api/v1/me')).body).bucketLists;
    const privateList = lists.find((l) => !l.shared)!;
    const sharedList = lists.find((l) => l.shared)!;
    const item = sharedList.bucketListOptions[0]!;
    const codes = (await tess.get('/api/v1/gift_codes')).body as { giftCodes: { id: string; code: string; status: string }[] };
    const active = codes.giftCodes.find((g) => g.status === 'active')!;
    const tessId = (await tess.get('/api/v1/me')).body['id'] as string;

    // Reads: B gets B's own data or 404, never A's.
    expect((await ada.get('/api/v1/me')).body['email']).toBe('admin@verdant.test');
    expect(JSON.stringify((await ada.get('/api/v1/credits')).raw)).not.toMatch(/Pulau Ubin|FOREST-40/);
    expect(JSON.stringify((await ada.get('/api/v1/referral')).raw)).not.toContain('TESSGOES');
    expect(JSON.stringify((await ada.get('/api/v1/gift_codes')).raw)).not.toContain(DEMO_GIFT_CODES.held);
    expect((await ada.get(`/api/v1/gift_codes/${active.id}`)).status).toBe(404);
    expect(JSON.stringify((await ada.get('/api/v1/bucket_lists')).raw)).not.toContain(privateList.id);
    expect((await ada.get(`/api/v1/bucket_lists/${privateList.id}`)).status).toBe(404);

    // Writes: every one answers 404 (or is refused) and changes nothing.
    const attempts = [
      ada.patch(`/api/v1/bucket_lists/${privateList.id}`, { name: 'Mine now', shared: true }),
      ada.patch(`/api/v1/bucket_lists/${sharedList.id}`, { name: 'Mine now' }),
      ada.delete(`/api/v1/bucket_lists/${sharedList.id}`),
      ada.post('/api/v1/bucket_list_options', { bucket_list_id: privateList.id, option_slug_code: s1 }),
      ada.patch(`/api/v1/bucket_list_options/${item.id}`, { bucket_list_id: privateList.id }),
      ada.delete(`/api/v1/bucket_list_options/${item.id}`),
      ada.post(`/api/v1/gift_codes/${active.id}/redeem`),
      ada.post(`/api/v1/gift_codes/${active.id}/remove`),
    ];
    for (const r of await Promise.all(attempts)) expect(r.status).toBe(404);
    const claim = await ada.post('/api/v1/gift_codes', { code: active.code });
    expect(claim.status).toBe(422);
    // Someone else's WhatsApp number cannot be taken over (Wei Ling's, seeded).
    const phone = await ada.post('/api/v1/whatsapp_authentications/send_code', { phone_number: '+6591234567', purpose: 'add_phone' });
    expect(phone.status).toBe(422);
    expect(phone.body.error).toBe('This number is already linked to another account');
    expect((await ada.patch('/api/v1/me', { phone_number: '+6591234567', whatsapp_code: '123456' })).status).toBe(422);
    // PATCH /me only ever changes the caller: there is no user id to aim at.
    expect((await ada.patch('/api/v1/me', { id: tessId, name: 'Hacked' })).status).toBe(422);
    await ada.patch('/api/v1/me', { name: 'Ada Admin' });

    const after = UserSchema.parse((await tess.get('/api/v1/me')).body);
    expect(after.name).toBe('Tess Traveller');
    expect(after.bucketLists).toEqual(lists);
    expect(((await tess.get(`/api/v1/gift_codes/${active.id}`)).body as { status: string }).status).toBe('active');
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, tessId));
    expect(row!.name).toBe('Tess Traveller');
  });

  it('a guest gets 401 on every account call', async () => {
    const g = agent();
    for (const [method, path] of [
      ['GET', '/api/v1/me'], ['PATCH', '/api/v1/me'], ['GET', '/api/v1/credits'], ['GET', '/api/v1/referral'], ['GET', '/api/v1/gift_codes'],
      ['POST', '/api/v1/gift_codes'], ['GET', '/api/v1/gift_codes/abcdefghij'], ['POST', '/api/v1/gift_codes/abcdefghij/redeem'],
      ['GET', '/api/v1/bucket_lists'], ['POST', '/api/v1/bucket_lists'], ['PATCH', '/api/v1/bucket_lists/abcdefghij'], ['DELETE', '/api/v1/bucket_lists/abcdefghij'],
      ['POST', '/api/v1/bucket_list_options'], ['DELETE', '/api/v1/bucket_list_options/abcdefghij'],
    ] as const) {
      expect((await g.call(method, path, method === 'GET' ? {} : { body: {} })).status, `${method} ${path}`).toBe(401);
    }
  });
});
