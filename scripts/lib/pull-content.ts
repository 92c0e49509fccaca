// The content pull: reads the catalogue API, validates every answer with the contract and
// writes stable, key-sorted JSON to the content cache. Incremental through the change feed
// (`/content/changes` with `changed_since` and tombstones): unchanged records are not
// rewritten, deleted or unpublished ones disappear. `full` starts from scratch.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { CONTENT_TYPES, contentChangesResponse, type ContentType } from '../../src/contract/content-changes.ts';
import { BlogFilterItemsResponse } from '../../src/contract/blogs.ts';
import { ListFaqsResponse } from '../../src/contract/faqs.ts';
import { InitialDataSchema } from '../../src/contract/initial-data.ts';
import { HomePageSchema } from '../../src/contract/pages.ts';
import { ListPromotionCodesResponse } from '../../src/contract/promotion-codes.ts';
import { ListCustomerReviewsResponse, ListSiteReviewsResponse } from '../../src/contract/reviews.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { notePending, type PendingChange } from './pending-changes.ts';

/** Makes one GET against the API (in-process app.request or fetch over HTTP). */
export type ApiGet = (pathAndQuery: string) => Promise<Response>;

export type PullResult = { written: number; deleted: number; unchanged: number; seconds: number };

const STATE_FILE = '.pull-state.json';
/**
 * Which key each cached record id is under, per type. A record whose key changed (a renamed
 * slug) comes through the feed under its new key only; this is how its old file is found and
 * removed, so the old page leaves the site, its listings and the sitemap.
 */
const IDS_FILE = '.record-ids.json';
type RecordIds = Partial<Record<ContentType, Record<string, string>>>;

/** The id → key map of a type's cached records, read from the folder when the index has none. */
function idsOf(index: RecordIds, type: ContentType, typeDir: string): Map<number, string> {
  const known = index[type];
  if (known) return new Map(Object.entries(known).map(([id, key]) => [Number(id), key]));
  const ids = new Map<number, string>();
  for (const f of readdirSync(typeDir)) {
    if (!f.endsWith('.json')) continue;
    const id = (JSON.parse(readFileSync(join(typeDir, f), 'utf8')) as { id?: unknown }).id;
    if (typeof id === 'number') ids.set(id, f.slice(0, -5).replace(/__/g, '/'));
  }
  return ids;
}
type PullState = { version: 1; contract?: string; marks: Partial<Record<ContentType, string>> };

/**
 * A fingerprint of the wire contract. Records cached under another contract may lack fields the
 * build now expects, so a changed contract makes the pull start from scratch.
 */
export function contractFingerprint(contractDir = resolve(import.meta.dirname, '../../src/contract')): string {
  const h = createHash('sha256');
  for (const name of readdirSync(contractDir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')).sort()) {
    h.update(name).update(readFileSync(join(contractDir, name)));
  }
  return h.digest('hex').slice(0, 16);
}

/** Stable JSON: keys sorted at every level, two-space indent, trailing newline. */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/** File name of a record key (tags are `<kind>/<slug>`). */
export const fileNameOf = (key: string) => `${key.replace(/\//g, '__')}.json`;

/** A record as the content cache holds it; undefined when the cache has no such file. */
export const readCachedRecord = (file: string) => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined);

function writeAtomically(path: string, text: string) {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** Writes only when the bytes differ; atomic via rename. Returns whether it wrote. */
function writeIfChanged(path: string, text: string): boolean {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return false;
  writeAtomically(path, text);
  return true;
}

async function getJson<S extends z.ZodType>(get: ApiGet, path: string, schema: S): Promise<z.output<S>> {
  const res = await get(path);
  const text = await res.text();
  if (!res.ok) throw new Error(`Content pull: GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`Content pull: GET ${path} did not answer JSON`);
  }
  const parsed = schema.safeParse(camelizeKeys(raw));
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Content pull: GET ${path} does not match the contract:\n  ${issues.join('\n  ')}`);
  }
  return parsed.data;
}

/** Every page of a paginated list (small lists: site reviews, promotion codes, FAQs). */
async function getAllPages<S extends z.ZodType>(get: ApiGet, path: string, key: string, schema: S): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const data = (await getJson(get, `${path}${sep}page=${page}&per=100`, schema)) as Record<string, unknown> & {
      pagination: { isLastPage: boolean };
    };
    out.push(...(data[key] as unknown[]));
    if (data.pagination.isLastPage) return out;
  }
}

export async function pullContent(opts: {
  get: ApiGet;
  contentDir: string;
  full?: boolean;
  log?: (line: string) => void;
}): Promise<PullResult> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const dir = opts.contentDir;
  if (opts.full) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const statePath = join(dir, STATE_FILE);
  let state: PullState = { version: 1, marks: {} };
  if (existsSync(statePath)) {
    try {
      const s = JSON.parse(readFileSync(statePath, 'utf8')) as PullState;
      if (s.version === 1) state = s;
    } catch {
      log('  pull state unreadable: pulling everything');
    }
  }
  const contract = contractFingerprint();
  if (state.contract !== contract) {
    if (Object.keys(state.marks).length > 0) log('  the contract changed since the last pull: pulling everything');
    state = { version: 1, contract, marks: {} };
  }
  let written = 0;
  let deleted = 0;
  let unchanged = 0;
  const pending: PendingChange[] = [];
  const idsPath = join(dir, IDS_FILE);
  let index: RecordIds = {};
  if (existsSync(idsPath)) {
    try {
      index = JSON.parse(readFileSync(idsPath, 'utf8')) as RecordIds;
    } catch {
      log('  record index unreadable: reading it again from the cache');
    }
  }

  for (const type of CONTENT_TYPES) {
    const typeDir = join(dir, type);
    const since = state.marks[type];
    if (!since) {
      // No mark for this type: its folder is rebuilt from scratch so no orphan survives.
      rmSync(typeDir, { recursive: true, force: true });
    }
    mkdirSync(typeDir, { recursive: true });
    const ids = since ? idsOf(index, type, typeDir) : new Map<number, string>();
    const schema = contentChangesResponse(type);
    let cursor: string | null = null;
    let mark: string | undefined;
    let count = 0;
    do {
      const q = new URLSearchParams({ type, per: '100' });
      if (since) q.set('changed_since', since);
      if (cursor) q.set('cursor', cursor);
      const page = (await getJson(opts.get, `/api/v1/content/changes?${q}`, schema)) as z.infer<typeof schema>;
      for (const change of page.changes) {
        const file = join(typeDir, fileNameOf(change.key));
        const old = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
        const text = change.deleted ? undefined : stableJson(change.record);
        if (old === text) unchanged++;
        else {
          if (text === undefined) {
            rmSync(file);
            deleted++;
          } else {
            writeAtomically(file, text);
            written++;
          }
          pending.push({ type, key: change.key, before: old === undefined ? undefined : (JSON.parse(old) as Record<string, unknown>) });
        }
        if (change.deleted) {
          for (const [id, key] of ids) if (key === change.key) ids.delete(id);
        } else {
          const id = (change.record as { id?: unknown }).id;
          const previous = typeof id === 'number' ? ids.get(id) : undefined;
          if (previous !== undefined && previous !== change.key) {
            // Renamed: the record under its old key is gone from the site.
            const oldFile = join(typeDir, fileNameOf(previous));
            const before = readCachedRecord(oldFile);
            // (Unless another record has taken that key in this pull: two slugs swapped.)
            if (before && before['id'] === id) {
              rmSync(oldFile);
              deleted++;
              pending.push({ type, key: previous, before });
            }
          }
          if (typeof id === 'number') ids.set(id, change.key);
        }
        count++;
      }
      mark = page.highWaterMark;
      cursor = page.nextCursor;
    } while (cursor);
    if (mark) state.marks[type] = mark;
    index[type] = Object.fromEntries([...ids].map(([id, key]) => [String(id), key]));
    log(`  ${type}: ${count} change${count === 1 ? '' : 's'}`);
  }

  // Site-wide records that are small and not in the change feed: pulled whole each time.
  const singles: [string, Promise<unknown>][] = [
    ['initial-data', getJson(opts.get, '/api/v1/initial_data', InitialDataSchema)],
    ['home', getJson(opts.get, '/api/v1/page/home', HomePageSchema)],
    ['blog-filter-items', getJson(opts.get, '/api/v1/blogs/filter_items', BlogFilterItemsResponse)],
    ['site-reviews', getAllPages(opts.get, '/api/v1/site-reviews', 'siteReviews', ListSiteReviewsResponse)],
    ['customer-reviews', getJson(opts.get, '/api/v1/customer-reviews?per=60', ListCustomerReviewsResponse)],
    ['promotion-codes', getAllPages(opts.get, '/api/v1/promotion-codes', 'promotionCodes', ListPromotionCodesResponse)],
    ['faqs', getAllPages(opts.get, '/api/v1/faqs', 'faqs', ListFaqsResponse)],
  ];
  mkdirSync(join(dir, 'site'), { recursive: true });
  for (const [name, promise] of singles) {
    if (writeIfChanged(join(dir, 'site', `${name}.json`), stableJson(await promise))) written++;
    else unchanged++;
  }

  // Noted before the marks move on: a crash in between pulls the records again, never loses them.
  notePending(dir, pending);
  writeAtomically(idsPath, JSON.stringify(index));
  writeFileSync(statePath, stableJson(state));
  return { written, deleted, unchanged, seconds: (performance.now() - started) / 1000 };
}

/** Keys present in the cache for one type (tests and diagnostics). */
export function cachedKeys(contentDir: string, type: ContentType): string[] {
  const d = join(contentDir, type);
  if (!existsSync(d)) return [];
  return readdirSync(d).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5).replace(/__/g, '/')).sort();
}
