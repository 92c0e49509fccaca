// The ambassador programme's calls (spec §7): GET|POST|PATCH /ambassador_profile,
// GET|POST /affiliate_links, GET /ambassador/performance, /ambassador/popular_products,
// /ambassador/payouts, GET|POST /ambassador_bank_accounts, DELETE /ambassador_bank_accounts/{id},
// POST /affiliate_uncapped_earning_privilege/read_banner; and, until the back-office exists, the
// admin review: GET /admin/ambassador_applications, POST /admin/ambassador_applications/{userId}
// and POST /admin/ambassador_payouts. Only ever the signed-in ambassador's own rows.
import { Hono } from 'hono';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  AdminApplicationsQuery,
  type AdminApplicationsResponse,
  type AffiliateLinksResponse,
  type AmbassadorProfileResponse,
  ApplyBody,
  type BankAccountsResponse,
  CreateAffiliateLinkBody,
  CreateBankAccountBody,
  type PayoutsResponse,
  type PerformanceResponse,
  PeriodQuery,
  type PopularProductsResponse,
  ReviewBody,
  UpdateProfileBody,
} from '../../contract/ambassador.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, readBody, readParams, readQuery, reply } from '../http.ts';
import { currentUser, requireUser } from '../session.ts';
import * as amb from '../services/ambassador.ts';

const UserParam = z.object({ userId: z.string().regex(/^[\w-]{1,64}$/, 'Unknown user') });
const LinkParam = z.object({ id: z.string().regex(/^[\w-]{8,64}$/, 'Unknown link') });
const IdParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, 'Unknown bank account') });
const PayoutBody = z.object({ userId: z.string().min(1).max(64), month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month like 2026-10') });

export function ambassadorRoutes() {
  const r = new Hono<AppEnv>();
  // The /admin calls are behind requireAdmin (app.ts).
  for (const path of ['/ambassador_profile', '/affiliate_links', '/affiliate_links/*', '/ambassador/*', '/ambassador_bank_accounts', '/ambassador_bank_accounts/*', '/affiliate_uncapped_earning_privilege/*']) r.use(path, requireUser);

  const now = () => new Date();

  r.get('/ambassador_profile', async (c) => {
    const row = await amb.profileRow(c.var.db, currentUser(c).id);
    const answer: AmbassadorProfileResponse = { profile: row ? await amb.profileView(c.var.db, row) : null };
    return reply(c, answer);
  });

  r.post('/ambassador_profile', async (c) => {
    const body = await readBody(c, ApplyBody);
    const row = await amb.apply(c.var.db, c.var, currentUser(c), body);
    const answer: AmbassadorProfileResponse = { profile: await amb.profileView(c.var.db, row) };
    return reply(c, answer, 201);
  });

  r.patch('/ambassador_profile', async (c) => {
    const body = await readBody(c, UpdateProfileBody);
    const row = await amb.updateProfile(c.var.db, currentUser(c).id, body);
    const answer: AmbassadorProfileResponse = { profile: await amb.profileView(c.var.db, row) };
    return reply(c, answer);
  });

  r.post('/affiliate_uncapped_earning_privilege/read_banner', async (c) => {
    const at = await amb.readBanner(c.var.db, currentUser(c).id);
    return reply(c, { readAt: at.toISOString() });
  });

  r.get('/affiliate_links', async (c) => {
    const me = currentUser(c);
    await amb.requireApproved(c.var.db, me.id);
    const money = await amb.moneyOf(c.var.db);
    const answer: AffiliateLinksResponse = {
      links: (await amb.linksOf(c.var.db, me.id)).map((l) => ({
        id: l.id,
        url: `${c.var.config.siteUrl}/a/${l.id}`,
        targetPath: l.targetPath,
        clicks: l.clicksCount,
        bookings: l.bookings,
        earnings: money(l.earnings),
        createdAt: l.createdAt.toISOString(),
      })),
    };
    return reply(c, answer);
  });

  r.post('/affiliate_links', async (c) => {
    const { target } = await readBody(c, CreateAffiliateLinkBody);
    const path = amb.targetPathOf(target, c.var.config.siteUrl);
    if (!path) throw new HttpError(422, 'Paste the address of a page on Verdant', { fields: { target: 'Paste the address of a page on Verdant, like /experiences/… or the full link' } });
    const me = currentUser(c);
    const l = await amb.createLink(c.var.db, me.id, path);
    const money = await amb.moneyOf(c.var.db);
    return reply(c, { id: l.id, url: `${c.var.config.siteUrl}/a/${l.id}`, targetPath: l.targetPath, clicks: 0, bookings: 0, earnings: money(0), createdAt: l.createdAt.toISOString() }, 201);
  });

  r.get('/affiliate_links/:id/qr', async (c) => {
    const { id } = readParams(c, LinkParam);
    const me = currentUser(c);
    await amb.requireApproved(c.var.db, me.id);
    const link = (await amb.linksOf(c.var.db, me.id)).find((l) => l.id === id);
    if (!link) throw new HttpError(404, 'Link not found');
    const url = `${c.var.config.siteUrl}/a/${link.id}`;
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#1f3a2eff', light: '#ffffffff' } });
    return reply(c, { url, svg });
  });

  r.get('/ambassador/performance', async (c) => {
    const { period } = readQuery(c, PeriodQuery);
    const me = currentUser(c);
    await amb.requireApproved(c.var.db, me.id);
    const money = await amb.moneyOf(c.var.db);
    const p = await amb.performance(c.var.db, me.id, period, now());
    const answer: PerformanceResponse = {
      period,
      from: p.range.from.toISOString(),
      to: p.range.to.toISOString(),
      clicks: p.clicks,
      bookings: p.bookings,
      reversals: p.reversals,
      conversionRate: p.clicks ? Math.round((p.bookings / p.clicks) * 10_000) / 10_000 : 0,
      earnings: money(p.earnings),
      reversed: money(p.reversed),
      series: p.series.map((s) => ({ ...s, earnings: money(s.earnings).amount })),
      recent: p.recent.map((x) => ({ kind: x.kind, amount: money(x.amount), productName: x.productName ?? 'An experience no longer listed', createdAt: x.createdAt.toISOString(), capped: x.capped })),
    };
    return reply(c, answer);
  });

  r.get('/ambassador/popular_products', async (c) => {
    const { period } = readQuery(c, PeriodQuery);
    const me = currentUser(c);
    await amb.requireApproved(c.var.db, me.id);
    const money = await amb.moneyOf(c.var.db);
    const rows = await amb.popularProducts(c.var.db, me.id, period, now());
    const answer: PopularProductsResponse = { period, products: rows.filter((r) => r.bookings > 0).map((r) => ({ slugCode: r.slugCode, name: r.name, bookings: r.bookings, earnings: money(r.earnings) })) };
    return reply(c, answer);
  });

  r.get('/ambassador/payouts', async (c) => {
    const me = currentUser(c);
    await amb.requireApproved(c.var.db, me.id);
    const money = await amb.moneyOf(c.var.db);
    const s = await amb.statements(c.var.db, me.id, now());
    const answer: PayoutsResponse = {
      minimumPayout: money(s.minimum),
      unpaidBalance: money(s.unpaid),
      hasBankAccount: (await amb.bankAccountsOf(c.var.db, me.id)).length > 0,
      statements: s.statements.map((x) => ({ month: x.month, earned: money(x.earned), reversed: money(x.reversed), net: money(x.net), payable: money(x.payable), status: x.status, paidAt: x.paidAt })),
    };
    return reply(c, answer);
  });

  r.get('/ambassador_bank_accounts', async (c) => {
    const answer: BankAccountsResponse = { bankAccounts: (await amb.bankAccountsOf(c.var.db, currentUser(c).id)).map(amb.bankView) };
    return reply(c, answer);
  });

  r.post('/ambassador_bank_accounts', async (c) => {
    const body = await readBody(c, CreateBankAccountBody);
    const row = await amb.addBankAccount(c.var.db, currentUser(c).id, body);
    return reply(c, amb.bankView(row), 201);
  });

  r.delete('/ambassador_bank_accounts/:id', async (c) => {
    const { id } = readParams(c, IdParam);
    await amb.deleteBankAccount(c.var.db, currentUser(c).id, id);
    return reply(c, { deleted: true });
  });

  // ── Admin ──
  r.get('/admin/ambassador_applications', async (c) => {
    const { status } = readQuery(c, AdminApplicationsQuery);
    const rows = await amb.applications(c.var.db, status);
    const answer: AdminApplicationsResponse = {
      applications: rows.map((x) => ({
        userId: x.profile.userId,
        name: x.name,
        email: x.email,
        status: x.profile.status,
        channels: x.profile.channels.length ? x.profile.channels : [x.profile.channel],
        audienceLinks: x.profile.audienceLinks,
        pitch: x.profile.pitch,
        appliedAt: x.profile.createdAt.toISOString(),
        reviewedAt: x.profile.reviewedAt?.toISOString() ?? null,
      })),
    };
    return reply(c, answer);
  });

  r.post('/admin/ambassador_applications/:userId', async (c) => {
    const { userId } = readParams(c, UserParam);
    const { decision, note } = await readBody(c, ReviewBody);
    const row = await amb.review(c.var.db, c.var, currentUser(c), userId, decision, note ?? null, c.var.config.siteUrl);
    return reply(c, { userId: row.userId, status: row.status, reviewedAt: row.reviewedAt?.toISOString() ?? null });
  });

  r.post('/admin/ambassador_payouts', async (c) => {
    const { userId, month } = await readBody(c, PayoutBody);
    const money = await amb.moneyOf(c.var.db);
    const row = await amb.recordPayout(c.var.db, currentUser(c), userId, month, now());
    return reply(c, { userId: row.userId, month: row.month, amount: money(row.amount), paidAt: row.paidAt.toISOString() }, 201);
  });

  return r;
}
