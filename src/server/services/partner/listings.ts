// An operator's listings in the partner back-office (issue 15, item 2; ADR 0032). Prices are live
// data: a new price reaches the booking widget and the quote on their next call, and the pages
// that show it are republished. Content (what the public page says) is a change request that a
// Verdant admin approves or declines; approving writes the fields the operator changed onto the
// live record through the editors' machinery (record-editing.ts `patchLiveIn`), so drafts,
// revisions and the publish pipeline all see it.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ExperienceDraft } from '../../../contract/admin.ts';
import {
  ListingContentSchema,
  type AdminListingChange,
  type ListingChange,
  type ListingChangeList,
  type ListingChangeListQuery,
  type ListingContent,
  type ListingFieldChange,
  type ListingPricesBody,
  type PartnerListing,
  type PartnerListingRow,
} from '../../../contract/partner.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { CurrentUser } from '../../context.ts';
import { toMoneyOrNull } from '../../routes/catalogue/mappers.ts';
import { currencies, images, listingChanges, operators, optionImages, optionRooms, options } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import { mailOf, queueMail, type MailDeps } from '../../providers/mail.ts';
import { EXPERIENCE_EDITOR } from '../admin/editing.ts';
import { imageUrlsOf } from '../admin/record-editing.ts';
import { currencyExponent, liveDocument, optionRow, pricesOf, type OptionBase } from '../admin/experience-doc.ts';
import { fromPriceMinor } from '../../routes/catalogue/options/rows.ts';
import type { EditDeps, Editor } from '../admin/record-editing.ts';
import type { OpenOperator } from './bookings.ts';

export type ListingDeps = EditDeps & MailDeps & { config: MailDeps['config'] & { siteUrl: string } };

type ChangeRow = typeof listingChanges.$inferSelect;

/** The content fields in the form's order (the order a change lists them in). */
export const CONTENT_FIELDS = Object.keys(ListingContentSchema.shape) as (keyof ListingContent)[];

const listingNotFound = () => notFound('Experience');
const editorOf = (u: CurrentUser): Editor => ({ id: u.id, name: u.name });
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The operator's experience `id` (404 when it is another operator's, deleted or unknown). */
async function ownedRow(db: Db | Tx, op: OpenOperator, id: number): Promise<OptionBase> {
  const o = await optionRow(db, id);
  if (!o || o.operatorId !== op.id) throw listingNotFound();
  return o;
}

type RoomContent = ListingContent['rooms'][number];

/** A stay's room types as content (by id: the order the widget lists them in). */
async function roomContent(db: Db | Tx, optionId: number): Promise<RoomContent[]> {
  return db.select({ id: optionRooms.id, name: optionRooms.name, privacy: optionRooms.privacy, maxGuests: optionRooms.maxGuests }).from(optionRooms).where(eq(optionRooms.optionId, optionId)).orderBy(asc(optionRooms.id));
}

/** What the public page says now, as the operator edits it. */
async function contentOf(db: Db | Tx, doc: ExperienceDraft, o: Pick<OptionBase, 'id' | 'cancelType' | 'rescheduleType'>, rooms?: RoomContent[]): Promise<ListingContent> {
  const picked = Object.fromEntries(CONTENT_FIELDS.filter((f) => f in doc).map((f) => [f, doc[f as keyof ExperienceDraft]]));
  return { ...(picked as Omit<ListingContent, 'cancelType' | 'rescheduleType' | 'rooms'>), cancelType: o.cancelType, rescheduleType: o.rescheduleType, rooms: rooms ?? (await roomContent(db, o.id)) };
}

/** Fields of the content the experience document does not hold: written by approval itself. */
const OUTSIDE_DOC: (keyof ListingContent)[] = ['cancelType', 'rescheduleType', 'rooms'];

/** The fields that differ between two versions of the content, in the form's order. */
export function contentChanges(before: ListingContent, after: ListingContent): ListingFieldChange[] {
  return CONTENT_FIELDS.filter((f) => !same(before[f], after[f])).map((field) => ({ field, before: before[field], after: after[field] }));
}

/**
 * What a form starts from when it picks up an earlier change: the page as it is now, with only the
 * fields that change proposed. So fields an editor fixed since are not proposed back as they were.
 */
function overlay(live: ListingContent, r: ChangeRow): ListingContent {
  const proposed = r.proposed as ListingContent;
  return { ...live, ...Object.fromEntries(r.changedFields.map((f) => [f, proposed[f as keyof ListingContent]])) };
}

function changeView(r: ChangeRow): ListingChange {
  const base = r.base as ListingContent;
  const proposed = r.proposed as ListingContent;
  return {
    id: r.id,
    status: r.status,
    changes: r.changedFields.map((field) => ({ field, before: base[field as keyof ListingContent], after: proposed[field as keyof ListingContent] })),
    submittedBy: r.submittedByName,
    submittedAt: r.submittedAt.toISOString(),
    decidedBy: r.decidedByName,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    note: r.note,
  };
}

export async function partnerListings(db: Db, op: OpenOperator): Promise<PartnerListingRow[]> {
  const rows = await db
    .select({ o: options })
    .from(options)
    .where(and(eq(options.operatorId, op.id), isNull(options.deletedAt)))
    .orderBy(asc(options.name), asc(options.id));
  const ids = rows.map((r) => r.o.id);
  if (!ids.length) return [];
  const [rooms, covers, pending, units] = await Promise.all([
    db.select({ optionId: optionRooms.optionId, price: optionRooms.pricePerNight }).from(optionRooms).where(inArray(optionRooms.optionId, ids)),
    db
      .select({ optionId: optionImages.optionId, key: images.key, position: optionImages.position })
      .from(optionImages)
      .innerJoin(images, eq(images.id, optionImages.imageId))
      .where(inArray(optionImages.optionId, ids))
      .orderBy(asc(optionImages.position), asc(images.id)),
    db.select({ optionId: listingChanges.optionId, at: listingChanges.submittedAt }).from(listingChanges).where(and(inArray(listingChanges.optionId, ids), eq(listingChanges.status, 'pending'))),
    db.select({ code: currencies.code, exponent: currencies.exponent }).from(currencies),
  ]);
  const exponent = new Map(units.map((u) => [u.code, u.exponent]));
  const cover = new Map<number, string>();
  for (const c of covers) if (!cover.has(c.optionId)) cover.set(c.optionId, `/storage/${c.key}`);
  const pendingAt = new Map(pending.map((p) => [p.optionId, p.at.toISOString()]));
  const cheapestRoom = new Map<number, number>();
  for (const x of rooms) cheapestRoom.set(x.optionId, Math.min(x.price, cheapestRoom.get(x.optionId) ?? Infinity));
  return rows.map(({ o: r }) => {
    // The storefront's own "from" price, so the operator sees what travellers see.
    const from = fromPriceMinor({ o: r, minRoomPrice: cheapestRoom.get(r.id) ?? null });
    return {
      id: r.id,
      slugCode: r.slugCode,
      name: r.name,
      kind: r.kind,
      priceUnit: r.priceUnit,
      published: r.published,
      fromPrice: toMoneyOrNull(from, r.priceCurrency, exponent.get(r.priceCurrency) ?? 2),
      image: cover.get(r.id) ?? null,
      pendingSince: pendingAt.get(r.id) ?? null,
    };
  });
}

export async function listingView(db: Db, op: OpenOperator, id: number): Promise<PartnerListing> {
  const o = await ownedRow(db, op, id);
  const [doc, rooms, exponent, pendingRows, decided] = await Promise.all([
    liveDocument(db, o),
    db.select().from(optionRooms).where(eq(optionRooms.optionId, id)).orderBy(asc(optionRooms.id)),
    currencyExponent(db, o.priceCurrency),
    db.select().from(listingChanges).where(and(eq(listingChanges.optionId, id), eq(listingChanges.status, 'pending'))).limit(1),
    db
      .select()
      .from(listingChanges)
      .where(and(eq(listingChanges.optionId, id), inArray(listingChanges.status, ['approved', 'declined'])))
      .orderBy(desc(listingChanges.decidedAt), desc(listingChanges.id))
      .limit(1),
  ]);
  const pending = pendingRows[0];
  const live = await contentOf(db, doc, o, rooms.map((r) => ({ id: r.id, name: r.name, privacy: r.privacy, maxGuests: r.maxGuests })));
  return {
    id: o.id,
    slugCode: o.slugCode,
    name: o.name,
    kind: o.kind,
    priceUnit: o.priceUnit,
    groupPriceType: o.groupPriceType,
    useChildPrices: o.useChildPrices,
    hasLocalPrice: o.hasLocalPrice,
    published: o.published,
    currency: o.priceCurrency,
    currencyExponent: exponent,
    prices: doc.prices,
    rooms: rooms.map((r) => ({ id: r.id, name: r.name, roomType: r.roomType, privacy: r.privacy, maxGuests: r.maxGuests, quantity: r.quantity, pricePerNight: r.pricePerNight })),
    content: live,
    pending: pending ? { ...changeView(pending), content: overlay(live, pending) } : null,
    lastDecision: decided[0] ? { ...changeView(decided[0]), content: overlay(live, decided[0]) } : null,
    imageUrls: await imageUrlsOf(db, photoIds([doc, pending?.proposed, decided[0]?.proposed])),
  };
}

/** The editors' checks name fields in their document (`draft.prices.adult`); this call's body has them at the top (`prices.adult`). */
async function withPartnerFields<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (!(err instanceof HttpError) || !err.fields) throw err;
    throw new HttpError(err.status, err.message, { fields: Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^draft\./, ''), v])) });
  }
}

/** The photo ids that some documents (any of them absent) name. */
const photoIds = (docs: unknown[]): number[] => [...new Set(docs.flatMap((d) => ((d as { images?: { id: number }[] } | undefined)?.images ?? []).map((i) => i.id)))];

const fail = (field: string, message: string) => new HttpError(422, message, { fields: { [field]: message } });

/**
 * New prices, live at once: the option's row (and its room types' prices) change in one
 * transaction with the publish run that refreshes the pages showing them. The same checks as the
 * editors' (a per-person experience needs an adult price, …) answer 422 with the field.
 */
export async function setListingPrices(d: EditDeps, user: CurrentUser, op: OpenOperator, id: number, body: ListingPricesBody): Promise<void> {
  const o = await ownedRow(d.db, op, id);
  const rooms = await d.db.select({ id: optionRooms.id, price: optionRooms.pricePerNight }).from(optionRooms).where(eq(optionRooms.optionId, id));
  if (o.priceUnit === 'per_room') {
    const known = new Set(rooms.map((r) => r.id));
    const given = body.rooms.map((r) => r.id);
    const stray = body.rooms.findIndex((r) => !known.has(r.id));
    if (stray >= 0) throw fail(`rooms.${stray}.id`, 'That room type is not part of this stay');
    if (new Set(given).size !== given.length || given.length !== known.size) throw fail('rooms', 'Give a price for each room type once');
  } else if (body.rooms.length) {
    throw fail('rooms', 'Only stays have room prices');
  }
  const prices = o.priceUnit === 'per_room' ? null : body.prices;
  const roomsChanged = body.rooms.filter((r) => rooms.find((x) => x.id === r.id)?.price !== r.pricePerNight);
  if ((!prices || same(prices, pricesOf(o))) && !roomsChanged.length) return;
  const run = await d.db.transaction(async (tx) => {
    const { run } = await withPartnerFields(EXPERIENCE_EDITOR.patchLiveIn(tx, d, id, (doc) => (prices ? { ...doc, prices } : doc), editorOf(user), {
      note: `Prices changed by ${user.name} for ${op.name}`,
      alsoApply: async (t) => {
        for (const r of roomsChanged) await t.update(optionRooms).set({ pricePerNight: r.pricePerNight }).where(and(eq(optionRooms.id, r.id), eq(optionRooms.optionId, id)));
        // The document's prices may be unchanged (a stay): the row's updatedAt is still the feed's signal.
        if (roomsChanged.length) await t.update(options).set({ updatedAt: d.now?.() ?? new Date() }).where(eq(options.id, id));
      },
    }));
    return run;
  });
  run.wake();
}

/**
 * A content change for Verdant to review. It replaces the operator's earlier change that still
 * waits (that one is marked withdrawn); 422 when it changes nothing the page says.
 */
export async function submitListingChange(db: Db, user: CurrentUser, op: OpenOperator, id: number, proposed: ListingContent): Promise<void> {
  const o = await ownedRow(db, op, id);
  const base = await contentOf(db, await liveDocument(db, o), o);
  const changes = contentChanges(base, proposed);
  if (!changes.length) throw new HttpError(422, 'This is what the page says already: change something first', { fields: { content: 'Nothing changed' } });
  await checkPhotos(db, op, base, proposed);
  const roomIds = (c: ListingContent) => c.rooms.map((r) => r.id).sort((a, b) => a - b).join();
  if (roomIds(base) !== roomIds(proposed)) throw fail('content.rooms', 'Room types can’t be added or removed here: write to partners@verdant.example and we will set them up with you');
  const now = new Date();
  await db.transaction(async (tx) => {
    // The experience's row lock orders two colleagues submitting at once.
    await tx.select({ id: options.id }).from(options).where(eq(options.id, id)).for('update');
    await tx.update(listingChanges).set({ status: 'withdrawn', decidedAt: now, decidedBy: user.id, decidedByName: user.name }).where(and(eq(listingChanges.optionId, id), eq(listingChanges.status, 'pending')));
    await tx.insert(listingChanges).values({
      optionId: id,
      operatorId: op.id,
      base,
      proposed,
      changedFields: changes.map((c) => c.field),
      submittedBy: user.id,
      submittedByName: user.name,
      submittedAt: now,
    });
  });
}

/** A change may show the experience's own photos and those the operator uploaded, each once. */
async function checkPhotos(db: Db, op: OpenOperator, base: ListingContent, proposed: ListingContent): Promise<void> {
  const ids = proposed.images.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw fail('content.images', 'A photo is listed twice');
  const own = new Set(base.images.map((i) => i.id));
  const others = ids.filter((id) => !own.has(id));
  const uploaded = others.length
    ? new Set((await db.select({ id: images.id }).from(images).where(and(inArray(images.id, others), eq(images.uploadedForOperatorId, op.id), isNull(images.deletedAt)))).map((r) => r.id))
    : new Set<number>();
  const stray = ids.findIndex((id) => !own.has(id) && !uploaded.has(id));
  if (stray >= 0) throw fail(`content.images.${stray}.id`, 'Upload this photo from the listing first');
}

export async function withdrawListingChange(db: Db, user: CurrentUser, op: OpenOperator, id: number): Promise<void> {
  await ownedRow(db, op, id);
  const done = await db
    .update(listingChanges)
    .set({ status: 'withdrawn', decidedAt: new Date(), decidedBy: user.id, decidedByName: user.name })
    .where(and(eq(listingChanges.optionId, id), eq(listingChanges.status, 'pending')))
    .returning({ id: listingChanges.id });
  if (!done.length) throw notFound('Change waiting for review');
}

// ---- The review (Verdant admins) ----

async function adminChangeViews(db: Db, rows: ChangeRow[]): Promise<AdminListingChange[]> {
  if (!rows.length) return [];
  const optionIds = [...new Set(rows.map((r) => r.optionId))];
  const opts = await db
    .select({ option: options, operator: { slug: operators.slug, name: operators.name } })
    .from(options)
    .innerJoin(operators, eq(operators.id, options.operatorId))
    .where(inArray(options.id, optionIds));
  const byId = new Map(opts.map((o) => [o.option.id, o]));
  const liveNow = new Map<number, ListingContent>();
  for (const { option } of opts) liveNow.set(option.id, await contentOf(db, await liveDocument(db, option), option));
  const urls = await imageUrlsOf(db, photoIds(rows.flatMap((r) => [r.base, r.proposed])));
  return rows.map((r) => {
    const o = byId.get(r.optionId)!;
    const live = liveNow.get(r.optionId)!;
    const base = r.base as ListingContent;
    return {
      ...changeView(r),
      operator: o.operator,
      experience: { id: o.option.id, slugCode: o.option.slugCode, name: o.option.name },
      changedSince: r.status === 'pending' ? r.changedFields.filter((f) => !same(base[f as keyof ListingContent], live[f as keyof ListingContent])) : [],
      publishRunId: r.publishRunId,
      imageUrls: urls,
    };
  });
}

export async function listListingChanges(db: Db, q: ListingChangeListQuery): Promise<ListingChangeList> {
  const order = q.status === 'pending' ? asc(listingChanges.submittedAt) : desc(listingChanges.decidedAt);
  const [rows, pending] = await Promise.all([
    db.select().from(listingChanges).where(eq(listingChanges.status, q.status)).orderBy(order, asc(listingChanges.id)).limit(100),
    db.select({ id: listingChanges.id }).from(listingChanges).where(eq(listingChanges.status, 'pending')),
  ]);
  return { changes: await adminChangeViews(db, rows), pending: pending.length };
}

export async function listingChangeView(db: Db, changeId: number): Promise<AdminListingChange> {
  const [row] = await db.select().from(listingChanges).where(eq(listingChanges.id, changeId)).limit(1);
  if (!row) throw notFound('Change');
  return (await adminChangeViews(db, [row]))[0]!;
}

const STATUS_WORDS: Record<ChangeRow['status'], string> = { pending: 'waiting', approved: 'already approved', declined: 'already declined', withdrawn: 'withdrawn by the operator' };

/** The change under its lock, if it still waits (409 otherwise: another admin decided, or the operator withdrew it). */
async function pendingChange(tx: Tx, changeId: number): Promise<ChangeRow> {
  const [row] = await tx.select().from(listingChanges).where(eq(listingChanges.id, changeId)).for('update');
  if (!row) throw notFound('Change');
  if (row.status !== 'pending') throw new HttpError(409, `This change was ${STATUS_WORDS[row.status]}. Reload to see where it stands.`, { body: { code: 'already_decided', status: row.status } });
  return row;
}

async function operatorContact(tx: Tx, operatorId: number): Promise<{ name: string; email: string; slug: string }> {
  const [op] = await tx.select({ name: operators.name, email: operators.contactEmail, slug: operators.slug }).from(operators).where(eq(operators.id, operatorId));
  return op!;
}

/**
 * Approves an operator's change: the fields they changed are written onto the live record (and
 * onto an editor's draft, so its next publish keeps them), the pages are republished, and the
 * operator is told. Fields they did not touch keep whatever the page says now.
 */
export async function approveListingChange(d: ListingDeps, admin: CurrentUser, changeId: number): Promise<void> {
  const now = d.now?.() ?? new Date();
  const run = await d.db.transaction(async (tx) => {
    // The experience's row first, then the change: the order a submission takes them in, so an
    // approval and the operator sending again never wait on each other (no deadlock).
    const [target] = await tx.select({ optionId: listingChanges.optionId }).from(listingChanges).where(eq(listingChanges.id, changeId));
    if (!target) throw notFound('Change');
    await tx.select({ id: options.id }).from(options).where(eq(options.id, target.optionId)).for('update');
    const row = await pendingChange(tx, changeId);
    const proposed = row.proposed as ListingContent;
    const fields = row.changedFields as (keyof ListingContent)[];
    const docFields = fields.filter((f) => !OUTSIDE_DOC.includes(f));
    const policy = Object.fromEntries(fields.filter((f) => f === 'cancelType' || f === 'rescheduleType').map((f) => [f, proposed[f]]));
    const patch = (doc: ExperienceDraft): ExperienceDraft => ({ ...doc, ...Object.fromEntries(docFields.map((f) => [f, proposed[f]])) });
    const { run } = await EXPERIENCE_EDITOR.patchLiveIn(tx, d, row.optionId, patch, editorOf(admin), {
      now,
      note: `${row.submittedByName}’s change approved by ${admin.name}`,
      alsoChanged: fields.filter((f) => OUTSIDE_DOC.includes(f)),
      alsoApply: async (t) => {
        if (Object.keys(policy).length) await t.update(options).set({ ...policy, updatedAt: now }).where(eq(options.id, row.optionId));
        if (fields.includes('rooms')) {
          // Only the room types that still exist, and only their words: prices and counts are live data.
          for (const r of proposed.rooms) {
            await t.update(optionRooms).set({ name: r.name, privacy: r.privacy, maxGuests: r.maxGuests }).where(and(eq(optionRooms.id, r.id), eq(optionRooms.optionId, row.optionId)));
          }
          await t.update(options).set({ updatedAt: now }).where(eq(options.id, row.optionId));
        }
      },
    });
    await tx.update(listingChanges).set({ status: 'approved', decidedBy: admin.id, decidedByName: admin.name, decidedAt: now, publishRunId: run.id }).where(eq(listingChanges.id, changeId));
    const op = await operatorContact(tx, row.operatorId);
    const [o] = await tx.select({ name: options.name, slug: options.slugCode }).from(options).where(eq(options.id, row.optionId));
    await queueMail(tx, d,
      mailOf(op.email, `Your change to ${o!.name} is live`, [
        `Hello ${op.name},`,
        '',
        `Verdant approved the change ${row.submittedByName} made to ${o!.name}. The page shows it within a few minutes:`,
        `${d.config.siteUrl}/experiences/${o!.slug}`,
        '',
        'The Verdant team',
      ]),
    );
    return run;
  });
  run.wake();
}

export async function declineListingChange(d: ListingDeps, admin: CurrentUser, changeId: number, note: string): Promise<void> {
  const now = d.now?.() ?? new Date();
  await d.db.transaction(async (tx) => {
    const row = await pendingChange(tx, changeId);
    await tx.update(listingChanges).set({ status: 'declined', decidedBy: admin.id, decidedByName: admin.name, decidedAt: now, note }).where(eq(listingChanges.id, changeId));
    const op = await operatorContact(tx, row.operatorId);
    const [o] = await tx.select({ name: options.name }).from(options).where(eq(options.id, row.optionId));
    await queueMail(tx, d,
      mailOf(op.email, `Your change to ${o!.name} was not approved`, [
        `Hello ${op.name},`,
        '',
        `Verdant did not approve the change ${row.submittedByName} made to ${o!.name}. Our editor wrote:`,
        '',
        note,
        '',
        'Your change is kept in the partner back-office: open the listing, adjust it and send it again.',
        `${d.config.siteUrl}/partner/listings/${row.optionId}?operator=${encodeURIComponent(op.slug)}`,
        '',
        'The Verdant team',
      ]),
    );
  });
}
