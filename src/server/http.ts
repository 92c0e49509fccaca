// HTTP helpers shared by every route: typed errors, validated input with camelCase keys,
// and JSON answers with snake_case keys.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { camelizeKeys, snakeizeKeys, toCamelKey, toSnakeKey } from '../lib/key-case.ts';
import type { AppEnv } from './context.ts';

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Extra keys of the answer beside `error` (e.g. a machine-readable `code` or `reason`). */
  readonly body: Record<string, unknown> | undefined;
  constructor(
    status: ContentfulStatusCode,
    message: string,
    extra: { fields?: Record<string, string>; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.fields = extra.fields;
    this.headers = extra.headers;
    this.body = extra.body;
  }

  /** The JSON answer: `{ error, fields?, ...body }` with snake_case keys in body. */
  toJSON(): Record<string, unknown> {
    return { ...(this.body ? (snakeizeKeys(this.body) as Record<string, unknown>) : {}), error: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);

/** zod issues → `{ "field.path": "message" }` with wire (snake_case) key names. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === 'string' ? toSnakeKey(p) : String(p))).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/**
 * Sees every contract schema a request is validated against (`what`: 'path', 'query', 'body'), so
 * the reliability harness (src/server/reliability) learns each route's inputs from the route table
 * itself. Unset outside that harness.
 */
export const inputProbe: { observe: ((what: string, schema: z.ZodType) => void) | null } = { observe: null };

/** Parses `input` with `schema`, or 422 with each wrong field (wire names) and `what` in the message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  inputProbe.observe?.(what, schema);
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    const first = Object.entries(fields)[0];
    const message = first ? `Invalid ${what}: ${first[0] === '_' ? '' : `${first[0]} `}${first[1]}`.trim() : `Invalid ${what}`;
    throw new HttpError(422, message, { fields });
  }
  return result.data;
}

/** Query string → object with camelCase keys; `key[]=a&key[]=b` becomes an array. */
export function queryObject(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URL(url).searchParams) {
    if (rawKey.endsWith('[]')) {
      const key = toCamelKey(rawKey.slice(0, -2));
      const prev = out[key];
      out[key] = Array.isArray(prev) ? [...prev, value] : prev === undefined ? [value] : [prev, value];
    } else {
      out[toCamelKey(rawKey)] = value;
    }
  }
  return out;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in the input is refused here (422 naming the
 * field) rather than failing the query.
 */
export function refuseNul(input: unknown, what: string, path: string[] = []): void {
  if (typeof input === 'string') {
    if (input.includes('\u0000')) {
      const field = path.map(toSnakeKey).join('.') || '_';
      throw new HttpError(422, `Invalid ${what}: ${field === '_' ? '' : `${field} `}contains a character that is not allowed`, { fields: { [field]: 'Contains a character that is not allowed' } });
    }
  } else if (Array.isArray(input)) input.forEach((v, i) => refuseNul(v, what, [...path, String(i)]));
  else if (input !== null && typeof input === 'object') for (const [k, v] of Object.entries(input)) refuseNul(v, what, [...path, k]);
}

export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const query = queryObject(c.req.url);
  refuseNul(query, 'query');
  return validate(schema, query, 'query');
}

export function readParams<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const params = c.req.param();
  refuseNul(params, 'path');
  return validate(schema, params, 'path');
}

/** No contract nests deeper; a deeper body would only exhaust the stack of the key conversion. */
export const MAX_BODY_DEPTH = 32;

function tooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A JSON body's text → camelCase keys: 422 for malformed JSON, a body nested too deeply or a NUL.
 * For a route that also needs the text itself (an idempotency key's fingerprint); others readBody.
 */
export function bodyFromText(text: string): unknown {
  let raw: unknown;
  try {
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(422, 'Malformed JSON body', { fields: { _: 'Body is not valid JSON' } });
  }
  if (tooDeep(raw)) throw new HttpError(422, 'Body is nested too deeply', { fields: { _: `Nest at most ${MAX_BODY_DEPTH} levels` } });
  const body = camelizeKeys(raw);
  refuseNul(body, 'body');
  return body;
}

export async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  return validate(schema, bodyFromText(await c.req.text()), 'body');
}

/** JSON answer with snake_case keys. */
export function reply(c: Context<AppEnv>, data: unknown, status: ContentfulStatusCode = 200) {
  return c.json(snakeizeKeys(data) as object, status);
}
