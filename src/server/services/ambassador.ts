// The ambassador programme's rules (spec §2, §7; ADR 0024): applying and the admin review (with
// an e-mail either way, through the outbox), affiliate links, performance and popular products
// per report period, monthly statements computed from the commission ledger, bank details.
// Everything is scoped to the signed-in ambassador: another person's rows answer 404.
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AmbassadorProfile, ApplyBody, CreateBankAccountBody, UpdateProfileBody } from '../../contract/ambassador.ts';
import { buildStatements, daysOf, MINIMUM_PAYOUT_MINOR, periodRange, type ReportPeriod } from '../../lib/affiliate-commission.ts';
import { BANK_RULES, bankAccountProblems, maskAccount, normaliseBankField } from '../../lib/bank-account.ts';
import { toSnakeKey } from '../../lib/key-case.ts';
import { toWireMoney } from '../../lib/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { affiliateClicks, affiliateCommissions, affiliateLinks, ambassadorBankAccounts, ambassadorPayouts, ambassadorProfiles, options, users } from '../db/schema.ts';
import { HttpError, notFound } from '../http.ts';
import { mailOf, queueMail, type MailDeps } from '../providers/mail.ts';
import { cappedAmount } from './affiliate-commissions.ts';
import { randomId } from './secrets.ts';

type ProfileRow = typeof ambassadorProfiles.$inferSelect;

export async function profileRow(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(ambassadorProfiles).where(eq(ambassadorProfiles.userId, userId)).limit(1);
  return row;
}

export async function profileView(db: Db, row: ProfileRow): Promise<AmbassadorProfile> {
  const cap = await cappedAmount(db);
  return {
    status: row.status,
    channels: row.channels.length ? row.channels : [row.channel],
    audienceLinks: row.audienceLinks,
    pitch: row.pitch,
    referralCode: row.referralCode,
    commissionRate: row.commissionRateBps / 100,
    cappedAmount: toWireMoney({ amount: cap.amount, currency: cap.unit.code }, cap.unit.exponent),
    uncappedEarning: row.uncappedEarning,
    showUncappedBanner: row.status === 'approved' && row.uncappedEarning && row.uncappedBannerReadAt === null,
    appliedAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** A readable, unique code for the ambassador (first name + random letters). */
function newReferralCode(name: string): string {
  const stem = (name.normalize('NFKD').replace(/[^A-Za-z]/g, '').toUpperCase() || 'VERDANT').slice(0, 6);
  return `${stem}${randomId(6).replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 4).padEnd(4, 'X')}`;
}

export async function apply(db: Db, mailDeps: MailDeps, user: { id: string; name: string; email: string }, body: ApplyBody): Promise<ProfileRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(ambassadorProfiles).where(eq(ambassadorProfiles.userId, user.id)).for('update');
    if (existing && existing.status !== 'rejected') throw new HttpError(409, existing.status === 'applied' ? 'You have already applied: we will e-mail you when we have reviewed it' : 'You are already part of the ambassador programme');
    const fields = { channel: body.channels[0]!, channels: body.channels, audienceLinks: body.audienceLinks, pitch: body.pitch, handle: body.audienceLinks[0]!, status: 'applied' as const, reviewedAt: null, reviewedBy: null, reviewNote: null, updatedAt: new Date() };
    let row: ProfileRow | undefined;
    if (existing) {
      [row] = await tx.update(ambassadorProfiles).set({ ...fields, createdAt: new Date() }).where(eq(ambassadorProfiles.userId, user.id)).returning();
    } else {
      [row] = await tx.insert(ambassadorProfiles).values({ userId: user.id, referralCode: newReferralCode(user.name), ...fields }).returning();
    }
    await queueMail(tx, mailDeps,
      mailOf(user.email, 'We have your Verdant ambassador application', [
        `Hi ${user.name},`,
        '',
        'Thank you for applying to the Verdant ambassador programme. We read every application and usually answer within five working days.',
        'You can check where it stands at any time on your ambassador status page.',
        '',
        'The Verdant team',
      ]),
    );
    return row!;
  });
}

export async function updateProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<ProfileRow> {
  const row = await profileRow(db, userId);
  if (!row) throw notFound('Ambassador profile');
  if (row.status === 'rejected' || row.status === 'suspended') throw new HttpError(409, 'This application is closed: apply again to change it');
  const [updated] = await db
    .update(ambassadorProfiles)
    .set({
      ...(body.channels ? { channels: body.channels, channel: body.channels[0]! } : {}),
      ...(body.audienceLinks ? { audienceLinks: body.audienceLinks, handle: body.audienceLinks[0]! } : {}),
      ...(body.pitch !== undefined ? { pitch: body.pitch } : {}),
      updatedAt: new Date(),
    })
    .where(eq(ambassadorProfiles.userId, userId))
    .returning();
  return updated!;
}

/** Approved ambassadors only (403 with what to do otherwise). */
export async function requireApproved(db: Db, userId: string): Promise<ProfileRow> {
  const row = await profileRow(db, userId);
  if (!row) throw new HttpError(403, 'Apply to the ambassador programme first');
  if (row.status !== 'approved') throw new HttpError(403, row.status === 'applied' ? 'Your application is still being reviewed' : 'Your ambassador account is not active');
  return row;
}

export async function readBanner(db: Db, userId: string): Promise<Date> {
  const row = await requireApproved(db, userId);
  if (!row.uncappedEarning) throw notFound('Uncapped earning privilege');
  const at = row.uncappedBannerReadAt ?? new Date();
  if (!row.uncappedBannerReadAt) await db.update(ambassadorProfiles).set({ uncappedBannerReadAt: at }).where(eq(ambassadorProfiles.userId, userId));
  return at;
}

// ── Links ───────────────────────────────────────────────────────────────────
/** A path on this site from what the ambassador pasted (a path or a full address of this site). */
export function targetPathOf(target: string, siteUrl: string): string | null {
  let path = target.trim();
  if (/^https?:\/\//i.test(path)) {
    let u: URL;
    try {
      u = new URL(path);
    } catch {
      return null;
    }
    const site = new URL(siteUrl);
    const local = ['localhost', '127.0.0.1'].includes(u.hostname) && ['localhost', '127.0.0.1'].includes(site.hostname);
    if (u.host !== site.host && !local && u.hostname.replace(/^www\./, '') !== site.hostname.replace(/^www\./, '')) return null;
    path = `${u.pathname}${u.search}`;
  }
  if (!path.startsWith('/') || path.startsWith('//') || /[\s\\]/.test(path) || path.startsWith('/a/') || path.startsWith('/api/')) return null;
  return path.slice(0, 500);
}

export async function createLink(db: Db, userId: string, targetPath: string) {
  await requireApproved(db, userId);
  const count = await db.select({ n: sql<number>`count(*)::int` }).from(affiliateLinks).where(eq(affiliateLinks.userId, userId));
  if ((count[0]?.n ?? 0) >= 200) throw new HttpError(409, 'You have 200 links already: reuse one of them');
  const [row] = await db.insert(affiliateLinks).values({ id: randomId(9).replace(/_/g, '-'), userId, targetPath }).returning();
  return row!;
}

export async function linksOf(db: Db, userId: string) {
  const links = await db.select().from(affiliateLinks).where(eq(affiliateLinks.userId, userId)).orderBy(desc(affiliateLinks.createdAt));
  const totals = await db
    .select({
      linkId: affiliateCommissions.linkId,
      bookings: sql<number>`(count(*) filter (where ${affiliateCommissions.kind} = 'earned'))::int`,
      earnings: sql<number>`coalesce(sum(${affiliateCommissions.amount}), 0)::int`,
    })
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.userId, userId))
    .groupBy(affiliateCommissions.linkId);
  const by = new Map(totals.map((t) => [t.linkId, t]));
  return links.map((l) => ({ ...l, bookings: by.get(l.id)?.bookings ?? 0, earnings: by.get(l.id)?.earnings ?? 0 }));
}

// ── Reports ─────────────────────────────────────────────────────────────────
export async function programmeUnit(db: Db) {
  return (await cappedAmount(db)).unit;
}

export async function performance(db: Db, userId: string, period: ReportPeriod, now: Date) {
  const range = periodRange(period, now);
  const byMonth = period === 'all_time';
  const bucket = (d: Date) => (byMonth ? d.toISOString().slice(0, 7) : d.toISOString().slice(0, 10));
  // Clicks are many (one row each): counted per day or month in SQL, in the same UTC buckets.
  const clicks = await db
    .select({ bucket: sql<string>`to_char(${affiliateClicks.createdAt} at time zone 'UTC', ${sql.raw(byMonth ? "'YYYY-MM'" : "'YYYY-MM-DD'")})`, n: sql<number>`count(*)::int` })
    .from(affiliateClicks)
    .innerJoin(affiliateLinks, eq(affiliateLinks.id, affiliateClicks.linkId))
    .where(and(eq(affiliateLinks.userId, userId), gte(affiliateClicks.createdAt, range.from), lt(affiliateClicks.createdAt, range.to)))
    .groupBy(sql`1`);
  const ledger = await db
    .select({ kind: affiliateCommissions.kind, amount: affiliateCommissions.amount, createdAt: affiliateCommissions.createdAt, capped: affiliateCommissions.capped, productName: options.name })
    .from(affiliateCommissions)
    .leftJoin(options, eq(options.id, affiliateCommissions.optionId))
    .where(and(eq(affiliateCommissions.userId, userId), gte(affiliateCommissions.createdAt, range.from), lt(affiliateCommissions.createdAt, range.to)))
    .orderBy(desc(affiliateCommissions.createdAt), desc(affiliateCommissions.id));
  let labels: string[];
  if (byMonth) {
    // At least six months, so a new ambassador's chart has a shape.
    const sixMonths = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1));
    const first = [...clicks.map((c) => new Date(`${c.bucket}-01T00:00:00Z`)), ...ledger.map((l) => l.createdAt)].reduce((a, b) => (a < b ? a : b), sixMonths);
    labels = [];
    for (let d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)); d <= now; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) labels.push(bucket(d));
  } else {
    labels = daysOf(range);
  }
  const series = new Map(labels.map((l) => [l, { label: l, clicks: 0, bookings: 0, earnings: 0 }]));
  for (const c of clicks) {
    const p = series.get(c.bucket);
    if (p) p.clicks += Number(c.n);
  }
  for (const l of ledger) {
    const p = series.get(bucket(l.createdAt));
    if (!p) continue;
    if (l.kind === 'earned') p.bookings++;
    p.earnings += l.amount;
  }
  const earned = ledger.filter((l) => l.kind === 'earned');
  const reversed = ledger.filter((l) => l.kind === 'reversed');
  return {
    range,
    clicks: clicks.reduce((sum, c) => sum + Number(c.n), 0),
    bookings: earned.length,
    reversals: reversed.length,
    earnings: ledger.reduce((s, l) => s + l.amount, 0),
    reversed: reversed.reduce((s, l) => s + l.amount, 0),
    series: [...series.values()],
    recent: ledger.slice(0, 10),
  };
}

export async function popularProducts(db: Db, userId: string, period: ReportPeriod, now: Date) {
  const range = periodRange(period, now);
  // Bookings that stood (not reversed), by experience, among travellers who arrived through this ambassador's links.
  return db
    .select({
      slugCode: options.slugCode,
      name: options.name,
      bookings: sql<number>`(count(*) filter (where ${affiliateCommissions.kind} = 'earned'))::int - (count(*) filter (where ${affiliateCommissions.kind} = 'reversed'))::int`,
      earnings: sql<number>`coalesce(sum(${affiliateCommissions.amount}), 0)::int`,
    })
    .from(affiliateCommissions)
    .innerJoin(options, eq(options.id, affiliateCommissions.optionId))
    .where(and(eq(affiliateCommissions.userId, userId), gte(affiliateCommissions.createdAt, range.from), lt(affiliateCommissions.createdAt, range.to)))
    .groupBy(options.slugCode, options.name)
    .orderBy(desc(sql`4`), desc(sql`3`), asc(options.name))
    .limit(20);
}

export async function statements(db: Db | Tx, userId: string, now: Date) {
  const months = await db
    .select({
      month: sql<string>`to_char(${affiliateCommissions.createdAt} at time zone 'UTC', 'YYYY-MM')`,
      earned: sql<number>`coalesce(sum(${affiliateCommissions.amount}) filter (where ${affiliateCommissions.kind} = 'earned'), 0)::int`,
      reversed: sql<number>`coalesce(sum(${affiliateCommissions.amount}) filter (where ${affiliateCommissions.kind} = 'reversed'), 0)::int`,
    })
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.userId, userId))
    .groupBy(sql`1`);
  const payouts = await db.select({ month: ambassadorPayouts.month, paidAt: ambassadorPayouts.paidAt }).from(ambassadorPayouts).where(eq(ambassadorPayouts.userId, userId));
  const list = buildStatements(
    months.map((m) => ({ month: m.month, earned: Number(m.earned), reversed: Number(m.reversed) })),
    payouts.map((p) => ({ month: p.month, paidAt: p.paidAt.toISOString() })),
    now.toISOString().slice(0, 7),
  );
  const unpaid = list.filter((s) => s.status !== 'paid').reduce((sum, s) => sum + s.net, 0);
  return { statements: list.reverse(), unpaid, minimum: MINIMUM_PAYOUT_MINOR };
}

// ── Bank details ────────────────────────────────────────────────────────────
export async function bankAccountsOf(db: Db, userId: string) {
  return db.select().from(ambassadorBankAccounts).where(eq(ambassadorBankAccounts.userId, userId)).orderBy(desc(ambassadorBankAccounts.createdAt));
}

export function bankView(r: typeof ambassadorBankAccounts.$inferSelect) {
  return { id: r.id, country: r.country, currency: r.currency, accountHolder: r.accountHolder, bankName: r.bankName, maskedAccountNumber: maskAccount(r.accountNumber), createdAt: r.createdAt.toISOString() };
}

export async function addBankAccount(db: Db, userId: string, body: CreateBankAccountBody) {
  await requireApproved(db, userId);
  const problems = bankAccountProblems(body);
  if (Object.keys(problems).length) throw new HttpError(422, Object.values(problems)[0]!, { fields: Object.fromEntries(Object.entries(problems).map(([k, v]) => [toSnakeKey(k), v])) });
  const existing = await bankAccountsOf(db, userId);
  if (existing.length >= 3) throw new HttpError(409, 'You can keep three bank accounts: delete one first');
  const [row] = await db
    .insert(ambassadorBankAccounts)
    .values({
      id: randomId(12),
      userId,
      country: body.country,
      currency: BANK_RULES[body.country]!.currency,
      accountHolder: body.accountHolder.trim(),
      bankName: body.bankName.trim(),
      accountNumber: normaliseBankField(body.accountNumber),
      routingCode: body.routingCode ? normaliseBankField(body.routingCode) : null,
      swiftCode: body.swiftCode ? normaliseBankField(body.swiftCode) : null,
    })
    .returning();
  return row!;
}

export async function deleteBankAccount(db: Db, userId: string, id: string) {
  const gone = await db.delete(ambassadorBankAccounts).where(and(eq(ambassadorBankAccounts.id, id), eq(ambassadorBankAccounts.userId, userId))).returning({ id: ambassadorBankAccounts.id });
  if (!gone[0]) throw notFound('Bank account');
}

// ── Admin review ────────────────────────────────────────────────────────────
export async function applications(db: Db, status: ProfileRow['status']) {
  return db
    .select({ profile: ambassadorProfiles, name: users.name, email: users.email })
    .from(ambassadorProfiles)
    .innerJoin(users, eq(users.id, ambassadorProfiles.userId))
    .where(eq(ambassadorProfiles.status, status))
    .orderBy(asc(ambassadorProfiles.createdAt))
    .limit(200);
}

export async function review(db: Db, mailDeps: MailDeps, admin: { id: string }, userId: string, decision: 'approve' | 'reject', note: string | null, siteUrl: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(ambassadorProfiles).where(eq(ambassadorProfiles.userId, userId)).for('update');
    if (!row) throw notFound('Application');
    if (row.status !== 'applied') throw new HttpError(409, `This application was already ${row.status}`);
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const [updated] = await tx.update(ambassadorProfiles).set({ status, reviewedAt: new Date(), reviewedBy: admin.id, reviewNote: note, updatedAt: new Date() }).where(eq(ambassadorProfiles.userId, userId)).returning();
    const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    if (user) {
      await queueMail(tx, mailDeps,
        status === 'approved'
          ? mailOf(user.email, 'Welcome to the Verdant ambassador programme', [
              `Hi ${user.name},`,
              '',
              `Good news: your application is approved. You earn ${row.commissionRateBps / 100}% of every booking made within 30 days of a click on one of your links.`,
              `Create your first link on your dashboard: ${siteUrl}/ambassador/dashboard`,
              '',
              'The Verdant team',
            ])
          : mailOf(user.email, 'Your Verdant ambassador application', [
              `Hi ${user.name},`,
              '',
              'Thank you for applying to the Verdant ambassador programme. We are not able to accept your application this time.',
              ...(note ? ['', note] : []),
              'You are welcome to apply again when your audience has grown.',
              '',
              'The Verdant team',
            ]),
      );
    }
    return updated!;
  });
}

export async function recordPayout(db: Db, admin: { id: string }, userId: string, month: string, now: Date) {
  const unit = await programmeUnit(db);
  return db.transaction(async (tx) => {
    // One payout per ambassador at a time: two admins paying "up to February" and "up to March"
    // at once would otherwise both count February (the unique month catches only equal months).
    await tx.select({ userId: ambassadorProfiles.userId }).from(ambassadorProfiles).where(eq(ambassadorProfiles.userId, userId)).for('update');
    const { statements: list } = await statements(tx, userId, now);
    const due = list.filter((s) => s.status === 'pending' && s.month <= month);
    if (!due.length) throw new HttpError(409, 'Nothing is due for payout up to that month');
    const amount = due.reduce((s, x) => s + x.payable, 0);
    const [row] = await tx.insert(ambassadorPayouts).values({ userId, month: due[0]!.month, amount, currency: unit.code, paidBy: admin.id }).onConflictDoNothing().returning();
    if (!row) throw new HttpError(409, 'That month is already paid');
    return row;
  });
}

export async function moneyOf(db: Db) {
  const unit = await programmeUnit(db);
  return (minor: number) => toWireMoney({ amount: minor, currency: unit.code }, unit.exponent);
}
