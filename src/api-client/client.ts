// The one fetch wrapper of spec §7: base /api/v1, JSON, cookies, the guest bearer key,
// snake_case on the wire and camelCase here, `{ data, response }` back. A body with `error`
// is a failure (ApiError), an unparsable one is 'An internal error occurred', and any 429
// turns on the app-wide too-many-requests flag. Ships to the browser: keep it small.
import { camelizeKeys, snakeizeKeys, toCamelKey, toSnakeKey } from '../lib/key-case.ts';
import { reportTooManyRequests } from '../stores/ui.ts';

export const API_BASE = '/api/v1';
export const PUBLIC_API_KEY: string = import.meta.env.PUBLIC_API_KEY || 'verdant-dev-public-key';
/** Spec §8: any failure that does not carry a readable error. */
export const INTERNAL_ERROR = 'An internal error occurred';

type Scalar = string | number | boolean;
export type Query = Record<string, Scalar | readonly Scalar[] | null | undefined>;

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** camelCase keys; sent as a snake_case query string with bracket arrays (`ids[]=1`). */
  query?: Query;
  /** camelCase keys; sent as snake_case JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The answer is a file (a CSV, an iCal): `data` is its Blob and name; a refusal is JSON as ever. */
  file?: boolean;
  /** A multipart body (a photo upload), sent as it is: the browser writes its Content-Type. */
  form?: FormData;
};

/** A file the API answered, named by its Content-Disposition (or `fallback`). */
export type ApiFile = { blob: Blob; filename: string };

export type ApiResult<T> = { data: T; response: Response };

export class ApiError extends Error {
  readonly status: number;
  /** Field messages by camelCase path (`email`, `destinations.0`). */
  readonly fields: Record<string, string>;
  /** The rest of the error answer, camelCased (e.g. a machine-readable `code` or `reason`). */
  readonly details: Record<string, unknown>;
  constructor(status: number, message: string, fields: Record<string, string> = {}, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.details = details;
  }
}

export function toQueryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const name = toSnakeKey(key);
    if (Array.isArray(value)) for (const v of value as readonly Scalar[]) params.append(`${name}[]`, String(v));
    else params.append(name, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

const camelPath = (path: string) => path.split('.').map(toCamelKey).join('.');

export type ClientOptions = { baseUrl?: string; apiKey?: string; fetch?: typeof fetch; headers?: Record<string, string> };

export function createApiClient(opts: ClientOptions = {}) {
  const base = opts.baseUrl ?? API_BASE;
  const key = opts.apiKey ?? PUBLIC_API_KEY;

  return async function request<T>(path: string, req: ApiRequest = {}): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${key}`, ...opts.headers, ...req.headers };
    const init: RequestInit = { method: req.method ?? (req.body === undefined && !req.form ? 'GET' : 'POST'), headers, credentials: 'include' };
    if (req.form) init.body = req.form;
    else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(snakeizeKeys(req.body));
    }
    if (req.signal) init.signal = req.signal;

    const doFetch = opts.fetch ?? fetch; // called unbound: a browser's fetch refuses another `this`
    const response = await doFetch(`${base}${path}${toQueryString(req.query)}`, init);
    if (response.status === 429) reportTooManyRequests();
    if (req.file && response.ok) {
      const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? path.split('/').pop() ?? 'download';
      return { data: { blob: await response.blob(), filename } satisfies ApiFile as T, response };
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
    } catch (err) {
      console.error(`Unparsable answer from ${path} (${response.status})`, err);
      throw new ApiError(response.status, INTERNAL_ERROR);
    }
    if (body !== null && typeof body === 'object' && 'error' in body) {
      const { error, fields, ...rest } = body as { error: unknown; fields?: Record<string, string> };
      const camelFields = Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [camelPath(k), v]));
      throw new ApiError(response.status, typeof error === 'string' && error ? error : INTERNAL_ERROR, camelFields, camelizeKeys<Record<string, unknown>>(rest));
    }
    if (!response.ok) throw new ApiError(response.status, INTERNAL_ERROR);
    return { data: camelizeKeys<T>(body), response };
  };
}

/** The storefront's client: same-origin /api/v1 with the public key. */
export const request = createApiClient();

/** The message to show for any failure of a call: the server's text, or the spec's fallback. */
export const errorMessage = (err: unknown): string => (err instanceof ApiError ? err.message : INTERNAL_ERROR);

/** A refusal as a form shows it: the message, and each field's text keyed as the form's paths. */
export type FormRefusal = { message: string; fields: Record<string, string> };
export const refusalOf = (err: unknown): FormRefusal => ({ message: errorMessage(err), fields: err instanceof ApiError ? err.fields : {} });
