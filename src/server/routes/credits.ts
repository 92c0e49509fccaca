// GET /credits (balances and history of the credit ledger) and GET /referral (your invite link,
// the welcome discount a friend gets, your referrals). Only ever the signed-in user's own.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { CreditsResponse, ReferralResponse } from '../../contract/accounts.ts';
import { welcomeDiscount } from '../../lib/welcome-discount.ts';
import type { AppEnv } from '../context.ts';
import { readQuery, reply } from '../http.ts';
import { currentUser, requireUser } from '../session.ts';
import { balancesOf, historyOf } from '../services/credits.ts';
import { exponentOf, referralsBy } from '../services/referrals.ts';
import { ensureSecurity, findActive } from '../services/users.ts';
import { geoCountry } from './users.ts';

const Page = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per: z.coerce.number().int().min(1).max(100).default(20) });

/** Minor units → money on the wire (major units of the currency). */
async function moneyFn(c: Context<AppEnv>) {
  const cache = new Map<string, number>();
  return async (minor: number, currency: string) => {
    if (!cache.has(currency)) cache.set(currency, await exponentOf(c.var.db, currency));
    return { amount: minor / 10 ** cache.get(currency)!, currency };
  };
}

export function creditRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/credits', requireUser);
  r.use('/referral', requireUser);

  r.get('/credits', async (c) => {
    const me = currentUser(c);
    const { page, per } = readQuery(c, Page);
    const money = await moneyFn(c);
    const balances = await balancesOf(c.var.db, me.id);
    const { total, rows } = await historyOf(c.var.db, me.id, page, per);
    const totalPages = Math.max(1, Math.ceil(total / per));
    const answer: CreditsResponse = {
      balances: await Promise.all(balances.filter((b) => b.balance > 0).map((b) => money(b.balance, b.currency))),
      entries: await Promise.all(
        rows.map(async (e) => ({
          id: e.id,
          amount: await money(e.amount, e.currency),
          balanceAfter: await money(e.balanceAfter, e.currency),
          kind: e.kind,
          description: e.description,
          createdAt: e.createdAt.toISOString(),
        })),
      ),
      pagination: { currentPage: page, totalPages, totalCount: total, prevPage: page > 1 ? page - 1 : null, nextPage: page < totalPages ? page + 1 : null, isFirstPage: page === 1, isLastPage: page >= totalPages, limitValue: per, offset: (page - 1) * per },
    };
    return reply(c, answer);
  });

  // Spec §9: what a new traveller gets, by the visitor's geolocated country (the /invite page shows it).
  r.get('/welcome_discount', (c) => reply(c, welcomeDiscount(geoCountry(c))));

  r.get('/referral', async (c) => {
    const me = currentUser(c);
    const user = await findActive(c.var.db, me.id);
    const security = await ensureSecurity(c.var.db, me.id);
    const money = await moneyFn(c);
    const code = security.referralCode ?? '';
    const reward = welcomeDiscount(user?.countryCode);
    const answer: ReferralResponse = {
      referralCode: code,
      inviteUrl: `${c.var.config.siteUrl}/invite?ref=${encodeURIComponent(code)}`,
      welcomeDiscount: welcomeDiscount(geoCountry(c) ?? user?.countryCode),
      reward,
      referrals: await Promise.all(
        (await referralsBy(c.var.db, me.id)).map(async (x) => ({
          friendName: x.friendName.trim().split(/\s+/)[0] ?? '',
          status: x.status,
          reward: await money(x.rewardAmount, x.rewardCurrency),
          createdAt: x.createdAt.toISOString(),
        })),
      ),
    };
    return reply(c, answer);
  });

  return r;
}
