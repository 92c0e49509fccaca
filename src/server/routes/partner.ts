// The operators' back-office calls under /partner (src/contract/partner.ts; issue 15). Every one
// is behind requirePartner (app.ts): 401 for a guest, 403 for anyone who is neither a member of
// an operator nor an admin. An operator the caller does not belong to, or a booking of another
// operator, answers 404. The booking actions are the operator calls' own (operator-actions.ts).
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { PartnerDateRangeBody, PartnerRuleBody, PartnerSeasonBody } from '../../contract/partner.ts';
import { DepartureSlotKey, ListingChangeBody, ListingPricesBody, PartnerBookingFilters, PartnerBookingListQuery, PartnerCapacityBody, PartnerDeparturesQuery, PayoutMonth, PayoutStatementQuery, RecordPayoutBody, TeamInviteBody } from '../../contract/partner.ts';
import { IsoDate } from '../../contract/common.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, readBody, readParams, readQuery, reply } from '../http.ts';
import { currentUser, NOT_LOGGED_IN } from '../session.ts';
import { assertBookingOf, bookingOf, bookingsCsv, listBookings, mayUsePartner, openOperator, PARTNERS_ONLY, partnerOperators } from '../services/partner/bookings.ts';
import { departuresIcs, departuresOf, optionOf, optionView, partnerOptions, setDepartureCapacity } from '../services/partner/availability.ts';
import { closeDates, reopenDates, ruleOf, setRule } from '../services/partner/availability-rules.ts';
import { createSeason, deleteSeason, seasonsView, updateSeason } from '../services/partner/seasons.ts';
import { payoutStatement, payoutStatementCsv, payoutStatements, recordPayout } from '../services/partner/payouts.ts';
import { inviteToTeam, removeMember, teamOf, withdrawInvitation } from '../services/partner/team.ts';
import { calendarFeed, renewCalendarFeed, stopCalendarFeed } from '../services/partner/calendar-feed.ts';
import { listingView, partnerListings, setListingPrices, submitListingChange, withdrawListingChange } from '../services/partner/listings.ts';
import { pipelinePublisher } from '../services/admin/publisher.ts';
import { OPERATOR_ACTIONS, tripDeps } from './operator-actions.ts';
import { AnswerQuestionBody, FaqIdParam, PartnerQuestionsQuery, type PartnerQuestionResponse, type PartnerQuestionsResponse } from '../../contract/faqs.ts';
import { answerQuestion, partnerQuestions } from '../services/faqs.ts';
import { pageOf } from './catalogue/shared.ts';
import { uploadPhoto } from './uploads.ts';

export const requirePartner: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new HttpError(401, NOT_LOGGED_IN);
  if (!(await mayUsePartner(c.var.db, c.var.user))) throw new HttpError(403, PARTNERS_ONLY);
  await next();
};

const OperatorParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,200}$/, 'Unknown operator') });
const BookingParam = OperatorParam.extend({ id: z.string().regex(/^[\w-]{1,64}$/, 'Unknown booking') });
const OptionParam = OperatorParam.extend({ optionId: z.coerce.number({ error: 'Unknown experience' }).int('Unknown experience').min(1, 'Unknown experience').max(2_147_483_647, 'Unknown experience') });
const DepartureParam = OptionParam.extend({ date: IsoDate, slot: DepartureSlotKey });
const SeasonParam = OptionParam.extend({ seasonId: z.coerce.number({ error: 'Season not found' }).int('Season not found').min(1, 'Season not found').max(2_147_483_647, 'Season not found') });
const MonthParam = OperatorParam.extend({ month: PayoutMonth });
const InvitationParam = OperatorParam.extend({ id: z.string().regex(/^[\w-]{1,64}$/, 'Invitation not found') });
const MemberParam = OperatorParam.extend({ userId: z.string().regex(/^[\w-]{1,64}$/, 'Member not found') });
/** A month, or the same month's CSV file (`2026-10.csv`). */
const StatementParam = OperatorParam.extend({ month: z.string().refine((name) => PayoutMonth.safeParse(name.replace(/\.csv$/, '')).success, 'Use a month as YYYY-MM') });

export function partnerRoutes() {
  const r = new Hono<AppEnv>();
  const operator = (c: Parameters<typeof currentUser>[0], slug: string) => openOperator(c.var.db, currentUser(c), slug);

  r.get('/partner/operators', async (c) => reply(c, { operators: await partnerOperators(c.var.db, currentUser(c)) }));

  // The operator first: a partner of another operator gets its 404 before any input is read (not
  // a 422 about a body it could never send), on every call under an operator's address.
  r.use('/partner/operators/:slug/*', async (c, next) => {
    const slug = c.req.param('slug');
    if (slug !== undefined && OperatorParam.safeParse({ slug }).success) await operator(c, slug);
    await next();
  });

  r.get('/partner/operators/:slug/bookings.csv', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    const filters = readQuery(c, PartnerBookingFilters);
    const op = await operator(c, slug);
    const day = new Date().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${op.slug}-bookings-${day}.csv"`);
    // A byte-order mark so spreadsheet programs read the file as UTF-8 (names, notes).
    return c.body(`\uFEFF${await bookingsCsv(c.var.db, op, filters)}`);
  });

  r.get('/partner/operators/:slug/bookings', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    const q = readQuery(c, PartnerBookingListQuery);
    return reply(c, await listBookings(c.var.db, await operator(c, slug), q));
  });

  r.get('/partner/operators/:slug/bookings/:id', async (c) => {
    const { slug, id } = readParams(c, BookingParam);
    return reply(c, { booking: await bookingOf(c.var.db, await operator(c, slug), id) });
  });

  // Availability (issue 15, item 3): services/partner/availability.ts.
  r.get('/partner/operators/:slug/options', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    return reply(c, { options: await partnerOptions(c.var.db, await operator(c, slug)) });
  });

  r.get('/partner/operators/:slug/options/:optionId/departures', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const { from, to } = readQuery(c, PartnerDeparturesQuery);
    const o = await optionOf(c.var.db, await operator(c, slug), optionId);
    const departures = await departuresOf(c.var.db, o, from, to);
    return reply(c, { option: optionView(o), departures });
  });

  r.put('/partner/operators/:slug/options/:optionId/departures/:date/:slot', async (c) => {
    const { slug, optionId, date, slot } = readParams(c, DepartureParam);
    const { capacity } = await readBody(c, PartnerCapacityBody);
    const o = await optionOf(c.var.db, await operator(c, slug), optionId);
    return reply(c, { departure: await setDepartureCapacity(c.var.db, o, date, slot, capacity) });
  });

  r.get('/partner/operators/:slug/departures.ics', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    const op = await operator(c, slug);
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${op.slug}-departures.ics"`);
    return c.body(await departuresIcs(c.var.db, op));
  });

  // Listings (issue 15, item 2): services/partner/listings.ts. Prices live at once; content reviewed.
  r.get('/partner/operators/:slug/listings', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    return reply(c, { listings: await partnerListings(c.var.db, await operator(c, slug)) });
  });

  r.get('/partner/operators/:slug/listings/:optionId', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    return reply(c, { listing: await listingView(c.var.db, await operator(c, slug), optionId) });
  });

  r.put('/partner/operators/:slug/listings/:optionId/prices', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const op = await operator(c, slug);
    const body = await readBody(c, ListingPricesBody);
    await setListingPrices({ db: c.var.db, jobs: c.var.jobs, publisher: pipelinePublisher(c.var.jobs) }, currentUser(c), op, optionId, body);
    return reply(c, { listing: await listingView(c.var.db, op, optionId) });
  });

  r.post('/partner/operators/:slug/listings/:optionId/changes', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const op = await operator(c, slug);
    const { content } = await readBody(c, ListingChangeBody);
    await submitListingChange(c.var.db, currentUser(c), op, optionId, content);
    return reply(c, { listing: await listingView(c.var.db, op, optionId) }, 201);
  });

  // Travellers' questions about the operator's experiences (ADR 39): services/faqs.ts.
  r.get('/partner/operators/:slug/questions', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    const q = readQuery(c, PartnerQuestionsQuery);
    const { list, total, awaitingCount } = await partnerQuestions(c.var.db, await operator(c, slug), q);
    return reply(c, { questions: list, pagination: pageOf(q, total), awaitingCount } satisfies PartnerQuestionsResponse);
  });

  r.post('/partner/operators/:slug/questions/:id/answer', async (c) => {
    const { slug, id } = readParams(c, OperatorParam.extend(FaqIdParam.shape));
    const op = await operator(c, slug);
    const { answer } = await readBody(c, AnswerQuestionBody);
    const question = await answerQuestion({ db: c.var.db, publisher: pipelinePublisher(c.var.jobs), config: c.var.config, jobs: c.var.jobs }, currentUser(c), op, id, answer);
    return reply(c, { question } satisfies PartnerQuestionResponse);
  });

  // A photo for the operator's listings: it reaches a page only through an approved change.
  r.post('/partner/operators/:slug/images', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    const op = await operator(c, slug);
    return reply(c, await uploadPhoto(c, op.id), 201);
  });

  r.delete('/partner/operators/:slug/listings/:optionId/changes', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const op = await operator(c, slug);
    await withdrawListingChange(c.var.db, currentUser(c), op, optionId);
    return reply(c, { listing: await listingView(c.var.db, op, optionId) });
  });

  // Availability rule, closed dates and seasonal prices (issue 15, item 3; decision 33):
  // services/partner/availability-rules.ts and seasons.ts.
  r.get('/partner/operators/:slug/options/:optionId/rule', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    return reply(c, await ruleOf(c.var.db, await optionOf(c.var.db, await operator(c, slug), optionId)));
  });

  r.put('/partner/operators/:slug/options/:optionId/rule', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const body = await readBody(c, PartnerRuleBody);
    return reply(c, await setRule(c.var.db, await optionOf(c.var.db, await operator(c, slug), optionId), body));
  });

  r.post('/partner/operators/:slug/options/:optionId/dates/close', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const { from, to } = await readBody(c, PartnerDateRangeBody);
    return reply(c, await closeDates(c.var.db, await optionOf(c.var.db, await operator(c, slug), optionId), from, to));
  });

  r.post('/partner/operators/:slug/options/:optionId/dates/reopen', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const { from, to } = await readBody(c, PartnerDateRangeBody);
    return reply(c, await reopenDates(c.var.db, await optionOf(c.var.db, await operator(c, slug), optionId), from, to));
  });

  r.get('/partner/operators/:slug/options/:optionId/seasons', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    return reply(c, await seasonsView(c.var.db, await optionOf(c.var.db, await operator(c, slug), optionId)));
  });

  r.post('/partner/operators/:slug/options/:optionId/seasons', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const body = await readBody(c, PartnerSeasonBody);
    return reply(c, await createSeason(c.var.db, await optionOf(c.var.db, await operator(c, slug), optionId), body), 201);
  });

  r.put('/partner/operators/:slug/options/:optionId/seasons/:seasonId', async (c) => {
    const { slug, optionId, seasonId } = readParams(c, SeasonParam);
    const body = await readBody(c, PartnerSeasonBody);
    return reply(c, await updateSeason(c.var.db, await optionOf(c.var.db, await operator(c, slug), optionId), seasonId, body));
  });

  r.delete('/partner/operators/:slug/options/:optionId/seasons/:seasonId', async (c) => {
    const { slug, optionId, seasonId } = readParams(c, SeasonParam);
    return reply(c, await deleteSeason(c.var.db, await optionOf(c.var.db, await operator(c, slug), optionId), seasonId));
  });

  // The subscribable calendar's address (services/partner/calendar-feed.ts); the feed itself is app.ts's.
  r.get('/partner/operators/:slug/calendar-feed', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    return reply(c, await calendarFeed(c.var.db, await operator(c, slug), c.var.config.siteUrl));
  });
  r.post('/partner/operators/:slug/calendar-feed', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    return reply(c, await renewCalendarFeed(c.var.db, await operator(c, slug), c.var.config.siteUrl));
  });
  r.delete('/partner/operators/:slug/calendar-feed', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    return reply(c, await stopCalendarFeed(c.var.db, await operator(c, slug)));
  });

  // Payouts (issue 15, item 5): services/partner/payouts.ts.
  r.get('/partner/operators/:slug/payouts', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    return reply(c, await payoutStatements(c.var.db, await operator(c, slug)));
  });

  // A month's statement, or the same as a CSV file when the name ends in `.csv`.
  r.get('/partner/operators/:slug/payouts/:month', async (c) => {
    const { slug, month: name } = readParams(c, StatementParam);
    const { currency } = readQuery(c, PayoutStatementQuery);
    const op = await operator(c, slug);
    const month = name.replace(/\.csv$/, '');
    if (month === name) return reply(c, await payoutStatement(c.var.db, op, month, currency));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${op.slug}-payout-${month}${currency ? `-${currency}` : ''}.csv"`);
    return c.body(`\uFEFF${await payoutStatementCsv(c.var.db, op, month, currency)}`);
  });

  r.post('/partner/operators/:slug/payouts/:month/paid', async (c) => {
    const { slug, month } = readParams(c, MonthParam);
    const { currency, reference } = await readBody(c, RecordPayoutBody);
    return reply(c, await recordPayout(c.var.db, currentUser(c), await operator(c, slug), month, currency, reference));
  });

  // Team (issue 15, item 6): services/partner/team.ts.
  r.get('/partner/operators/:slug/team', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    return reply(c, await teamOf(c.var.db, currentUser(c), await operator(c, slug)));
  });

  r.post('/partner/operators/:slug/team/invitations', async (c) => {
    const { slug } = readParams(c, OperatorParam);
    const { email } = await readBody(c, TeamInviteBody);
    const op = await operator(c, slug);
    return reply(c, await inviteToTeam(tripDeps(c), currentUser(c), op, email), 201);
  });

  r.delete('/partner/operators/:slug/team/invitations/:id', async (c) => {
    const { slug, id } = readParams(c, InvitationParam);
    return reply(c, await withdrawInvitation(c.var.db, currentUser(c), await operator(c, slug), id));
  });

  r.delete('/partner/operators/:slug/team/members/:userId', async (c) => {
    const { slug, userId } = readParams(c, MemberParam);
    return reply(c, await removeMember(c.var.db, currentUser(c), await operator(c, slug), userId));
  });

  for (const action of OPERATOR_ACTIONS) {
    r.post(`/partner/operators/:slug/bookings/:id/${action.path}`, async (c) => {
      const { slug, id } = readParams(c, BookingParam);
      const body = action.partnerBody ?? action.body;
      const note = body ? (await readBody(c, body)).note : undefined;
      const op = await operator(c, slug);
      await assertBookingOf(c.var.db, op, id);
      await action.run(tripDeps(c), currentUser(c), id, note);
      return reply(c, { booking: await bookingOf(c.var.db, op, id) });
    });
  }

  return r;
}
