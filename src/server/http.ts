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

/** Parses `input` with `schema`, or 422 with each wrong field (wire names) and `what` in the message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
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

export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  return validate(schema, queryObject(c.req.url), 'query');
}

export function readParams<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  return validate(schema, c.req.param(), 'path');
}

export async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let raw: unknown;
  try {
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(422, 'Malformed JSON body', { fields: { _: 'Body is not valid JSON' } });
  }
  return validate(schema, camelizeKeys(raw), 'body');
}

/** JSON answer with snake_case keys. */
export function reply(c: Context<AppEnv>, data: unknown, status: ContentfulStatusCode = 200) {
  return c.json(snakeizeKeys(data) as object, status);
}
