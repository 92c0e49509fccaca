// Loads the demo content from content-seed/ (YAML) and validates every record against the
// schemas in content-schemas.ts. A wrong record stops the seed with an error that names the
// file, its line, the record (index and key/slug) and the field path, e.g.
//   content-seed/options/1-singapore-malaysia-indonesia.yaml:57: record 0 (sg-treetop), field pricing.adult: Invalid input: expected number, received string
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import {
  ArticleSeedSchema, AuthorSchema, BlogCategorySchema, CoreOptionSchema, CorporateEventSeedSchema, CountrySeedSchema, GeneralFaqSeedSchema, ImagesFileSchema, KitsFileSchema,
} from './content-schemas.ts';

/** The repository's content-seed/ folder. */
export const CONTENT_SEED_DIR = resolve(import.meta.dirname, '../../../../content-seed');

/** A content file that cannot be read, parsed or validated; the message says where and why. */
export class ContentSeedError extends Error {
  /** The file as shown in the message (relative to the working directory when inside it). */
  readonly file: string;
  /** 1-based line of the first problem, when known. */
  readonly line: number | null;
  /** Index of the record in its file (files that are lists of records), when known. */
  readonly record: number | null;
  /** Dotted field path of the first problem inside the record (or file), e.g. "pricing.adult". */
  readonly field: string;

  constructor(message: string, where: { file: string; line?: number | null; record?: number | null; field?: string }, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ContentSeedError';
    this.file = where.file;
    this.line = where.line ?? null;
    this.record = where.record ?? null;
    this.field = where.field ?? '';
  }
}

type Parsed = { doc: Document; lines: LineCounter; shown: string };

function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

function parseFile(dir: string, name: string): Parsed & { data: unknown } {
  const file = join(dir, name);
  const shown = shownPath(file);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ContentSeedError(`${shown}: cannot read the content file (${(err as Error).message})`, { file: shown }, { cause: err });
  }
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const first = doc.errors[0];
  if (first) {
    const line = lines.linePos(first.pos[0]).line;
    throw new ContentSeedError(`${shown}:${line}: not valid YAML: ${first.message}`, { file: shown, line }, { cause: first });
  }
  return { doc, lines, shown, data: doc.toJS() };
}

/** The most specific issue: inside a union, the branch that got furthest into the value. */
function deepest(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const depth = (list: z.core.$ZodIssue[]) => Math.max(...list.map((i) => i.path.length));
  const best = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
  const inner = best[0];
  return inner ? { ...deepest(inner), path: [...issue.path, ...inner.path] } : issue;
}

function lineOf(p: Parsed, path: readonly PropertyKey[]): number | null {
  // The node at the path, or the nearest parent that exists (a missing field points at its record).
  for (let n = path.length; n >= 0; n--) {
    const node = p.doc.getIn(path.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return p.lines.linePos(node.range[0]).line;
  }
  return null;
}

function recordLabel(data: unknown, index: number): string {
  const rec = Array.isArray(data) ? (data[index] as Record<string, unknown> | undefined) : undefined;
  const id = rec && typeof rec === 'object' ? (rec['key'] ?? rec['slug'] ?? rec['act']) : undefined;
  return typeof id === 'string' ? `record ${index} (${id})` : `record ${index}`;
}

const MAX_LISTED = 10;

function validate<S extends z.ZodType>(p: Parsed & { data: unknown }, schema: S, isList: boolean): z.output<S> {
  const result = schema.safeParse(p.data);
  if (result.success) return result.data;
  const issues = result.error.issues.map(deepest);
  const described = issues.slice(0, MAX_LISTED).map((issue) => {
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    const inRecord = isList && typeof path[0] === 'number';
    const fieldPath = (inRecord ? path.slice(1) : path).join('.');
    const where = [inRecord ? recordLabel(p.data, path[0] as number) : null, fieldPath ? `field ${fieldPath}` : null].filter(Boolean).join(', ');
    const line = lineOf(p, path);
    return { line, record: inRecord ? (path[0] as number) : null, fieldPath, text: `${p.shown}${line === null ? '' : `:${line}`}: ${where || 'file'}: ${issue.message}` };
  });
  const more = issues.length > MAX_LISTED ? `\n(and ${issues.length - MAX_LISTED} more problems)` : '';
  const first = described[0];
  throw new ContentSeedError(described.map((d) => d.text).join('\n') + more, { file: p.shown, line: first?.line ?? null, record: first?.record ?? null, field: first?.fieldPath ?? '' }, { cause: result.error });
}

/** One YAML file holding a single value (an object). */
export function loadSeedFile<S extends z.ZodType>(dir: string, name: string, schema: S): z.output<S> {
  return validate(parseFile(dir, name), schema, false);
}

/** One YAML file holding a list of records, each checked against the record schema. */
export function loadSeedRecords<S extends z.ZodType>(dir: string, name: string, record: S): z.output<S>[] {
  return validate(parseFile(dir, name), z.array(record), true);
}

/** Every *.yaml file of a folder, in name order, as one list of records. */
export function loadSeedFolder<S extends z.ZodType>(dir: string, folder: string, record: S): z.output<S>[] {
  let names: string[];
  try {
    names = readdirSync(join(dir, folder)).filter((n) => n.endsWith('.yaml')).sort();
  } catch (err) {
    const shown = shownPath(join(dir, folder));
    throw new ContentSeedError(`${shown}: cannot read the content folder (${(err as Error).message})`, { file: shown }, { cause: err });
  }
  return names.flatMap((n) => loadSeedRecords(dir, join(folder, n), record));
}

export const loadCoreOptions = (dir = CONTENT_SEED_DIR) => loadSeedFolder(dir, 'options', CoreOptionSchema);
export const loadCountries = (dir = CONTENT_SEED_DIR) => loadSeedRecords(dir, 'places.yaml', CountrySeedSchema);
export const loadKits = (dir = CONTENT_SEED_DIR) => loadSeedFile(dir, 'kits.yaml', KitsFileSchema);
export const loadArticles = (dir = CONTENT_SEED_DIR) => loadSeedRecords(dir, 'magazine/articles.yaml', ArticleSeedSchema);
export const loadBlogCategories = (dir = CONTENT_SEED_DIR) => loadSeedRecords(dir, 'magazine/categories.yaml', BlogCategorySchema);
export const loadAuthors = (dir = CONTENT_SEED_DIR) => loadSeedFile(dir, 'magazine/authors.yaml', z.record(z.string().min(1), AuthorSchema));
export const loadImageWords = (dir = CONTENT_SEED_DIR) => loadSeedFile(dir, 'images.yaml', ImagesFileSchema);
export const loadCorporateEvents = (dir = CONTENT_SEED_DIR) => loadSeedRecords(dir, 'corporate-events.yaml', CorporateEventSeedSchema);
export const loadGeneralFaqs = (dir = CONTENT_SEED_DIR) => loadSeedRecords(dir, 'faqs.yaml', GeneralFaqSeedSchema);

/** All of content-seed/ at once (the seed loads its parts where they are used). */
export function loadContentSeed(dir = CONTENT_SEED_DIR) {
  return {
    options: loadCoreOptions(dir),
    countries: loadCountries(dir),
    kits: loadKits(dir),
    articles: loadArticles(dir),
    categories: loadBlogCategories(dir),
    authors: loadAuthors(dir),
    images: loadImageWords(dir),
    corporateEvents: loadCorporateEvents(dir),
    generalFaqs: loadGeneralFaqs(dir),
  };
}
