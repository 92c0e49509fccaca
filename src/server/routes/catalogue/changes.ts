// GET /content/changes: the incremental content pull (design in src/contract/content-changes.ts).
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { ContentChangesQuery, type ContentType } from '../../../contract/content-changes.ts';
import type { AppEnv } from '../../context.ts';
import { HttpError, readQuery, reply } from '../../http.ts';
import { loadBestOfListDetails } from './best-of-lists.ts';
import { loadBlogDetails } from './blogs.ts';
import { loadCollectionDetails } from './collections.ts';
import { loadCityDetails, loadCountryDetails } from './countries.ts';
import { effective, highWaterMark, isoMicros, rowsOf } from './effective.ts';
import { loadItineraryDetails } from './itineraries.ts';
import { loadOptionDetails } from './options.ts';
import { loaderOf, type Loader } from './shared.ts';
import { loadSupplierDetails } from './suppliers.ts';
import { loadTagDetails } from './tags.ts';

/** Batch detail loaders: the same records the detail endpoints answer. */
export const DETAIL_LOADERS: Record<ContentType, (L: Loader, ids: number[]) => Promise<Map<number, unknown>>> = {
  countries: loadCountryDetails,
  cities: loadCityDetails,
  options: loadOptionDetails,
  collections: loadCollectionDetails,
  blogs: loadBlogDetails,
  travel_itineraries: loadItineraryDetails,
  best_of_lists: loadBestOfListDetails,
  suppliers: loadSupplierDetails,
  tags: loadTagDetails,
};

/**
 * Two keyset cursors. An incremental pull (`changed_since` given) walks (ts, id) and its mark
 * follows the rows; a full pull walks ids (cheap at any size: the effective time is computed
 * for one page of rows only) and carries the mark taken when it began, since rows read early
 * may change before it ends.
 */
type Cursor = { kind: 't'; ts: string; id: number } | { kind: 'i'; id: number; mark: string };
const TS = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z`;
const CURSOR_TEXT = new RegExp(`^(?:t\\|(${TS})\\|(\\d{1,10})|i\\|(\\d{1,10})\\|(${TS}))$`);

export const encodeCursor = (c: Cursor) =>
  Buffer.from(c.kind === 't' ? `t|${c.ts}|${c.id}` : `i|${c.id}|${c.mark}`).toString('base64url');

/** A µs ISO timestamp that PostgreSQL accepts: it must survive a round trip (no 2024-02-30, no year 0). */
function validTs(ts: string | undefined): ts is string {
  if (!ts || ts.startsWith('0000')) return false;
  const d = new Date(ts);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 23) === ts.slice(0, 23);
}

const badCursor = () => new HttpError(422, 'Invalid query: cursor is not one this feed gave', { fields: { cursor: 'Invalid cursor' } });

export function decodeCursor(text: string): Cursor {
  const m = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!m) throw badCursor();
  const id = Number(m[2] ?? m[3]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw badCursor();
  if (m[1] !== undefined) {
    if (!validTs(m[1])) throw badCursor();
    return { kind: 't', ts: m[1], id };
  }
  if (!validTs(m[4])) throw badCursor();
  return { kind: 'i', id, mark: m[4] };
}

export type ChangeRow = { id: number; key: string; visible: boolean; ts: string };

export async function contentChanges(L: Loader, q: ContentChangesQuery) {
  const cursor = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
  const incremental = q.changedSince !== undefined;
  if (cursor && (cursor.kind === 't') !== incremental) throw badCursor();
  const eff = effective(q.type, q.changedSince);
  let query;
  if (incremental) {
    const after = cursor?.kind === 't' ? sql` and (e.ts, e.id) > (${cursor.ts}::timestamptz, ${cursor.id}::int)` : sql``;
    query = sql`select e.id, e.key, e.visible, ${isoMicros('e.ts')} as ts from (${eff}) e
      where e.ts > ${q.changedSince}::timestamptz${after} order by e.ts, e.id limit ${q.per + 1}`;
  } else {
    const after = cursor?.kind === 'i' ? sql` where e.id > ${cursor.id}::int` : sql``;
    query = sql`select e.id, e.key, e.visible, ${isoMicros('e.ts')} as ts from (${eff}) e${after} order by e.id limit ${q.per + 1}`;
  }
  // A full pull's mark is taken before its first page is read.
  const startMark = cursor?.kind === 'i' ? cursor.mark : incremental ? undefined : await highWaterMark(L.db, undefined);
  const rows = rowsOf<ChangeRow>(await L.db.execute(query));
  const page = rows.slice(0, q.per);
  const last = page.at(-1);
  const details = await DETAIL_LOADERS[q.type](L, page.filter((r) => r.visible).map((r) => Number(r.id)));
  const changes = page.map((r) => {
    const record = r.visible ? details.get(Number(r.id)) : undefined;
    return record === undefined
      ? { key: r.key, deleted: true as const, updatedAt: r.ts }
      : { key: r.key, deleted: false as const, updatedAt: r.ts, record };
  });
  const more = rows.length > q.per && last !== undefined;
  let nextCursor: string | null = null;
  if (more && startMark !== undefined) nextCursor = encodeCursor({ kind: 'i', id: Number(last.id), mark: startMark });
  else if (more) nextCursor = encodeCursor({ kind: 't', ts: last.ts, id: Number(last.id) });
  return {
    type: q.type,
    changes,
    nextCursor,
    highWaterMark: startMark ?? (await highWaterMark(L.db, q.changedSince, last?.ts ?? (cursor?.kind === 't' ? cursor.ts : undefined))),
  };
}

export function changesRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/content/changes', async (c) => reply(c, await contentChanges(loaderOf(c), readQuery(c, ContentChangesQuery))));
  return app;
}
