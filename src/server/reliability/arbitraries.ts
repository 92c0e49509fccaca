// Inputs for the contract fuzzer, generated from the routes' own zod schemas: valid values (from
// the schema's JSON Schema, as the wire sees it), boundary values, and hostile ones (wrong types,
// huge and negative numbers, long and unicode strings, control characters, prototype keys,
// missing and extra fields).
import fc from 'fast-check';
import { z } from 'zod';

type Js = Record<string, unknown> & { $ref?: string; $defs?: Record<string, Js> };

const MAX_ITEMS = 4;

/** Hostile scalars: every kind of value a careless parser trips on. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null, true, false, 0, -1, -0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 53) - 1, 1e308, -1e308, 5e-324,
    '', ' ', '0', '-1', '1e999', 'NaN', 'Infinity', 'null', 'undefined', 'true', '[]', '{}',
    '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
    '\u0000', 'a\u0000b', '\r\n\t\b\f\v', '\u202e\u200b\ufeff', '\ud800', '🦜🌿🐢', 'Ω≈ç√∫', 'ﷺ', '𝕍𝕖𝕣𝕕𝕒𝕟𝕥',
    '../../etc/passwd', '%00', '%2e%2e%2f', "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>',
    '${7*7}', '{{7*7}}', '\\', '%', '?', '#', '/', '2026-02-30', '9999-12-31', '0000-00-00', '1970-01-01T00:00:00Z',
    'x'.repeat(10_000), '9'.repeat(400), '-'.repeat(300), 'a'.repeat(201),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u2028', 'a', '_', '-'), maxLength: 20 }),
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** An object with own prototype keys (JSON.stringify keeps them; an object literal would not). */
export const protoObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.constantFrom(...PROTO_KEYS), fc.oneof(fc.constant({ is_admin: true, user_id: 'x', polluted: 1 }), hostileScalar))
  .map(([k, v]) => Object.fromEntries([[k, v]]));

/** Any hostile JSON value, nested a little. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    protoObject,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PROTO_KEYS)), tie('v'), { maxKeys: 3 }),
  ),
})).v;

function resolve(js: Js, root: Js): Js {
  let cur = js;
  for (let i = 0; i < 20 && typeof cur.$ref === 'string'; i++) {
    const ref = cur.$ref;
    const name = ref.replace(/^#\/\$defs\//, '');
    if (ref === '#') cur = root;
    else cur = (root.$defs?.[name] ?? {}) as Js;
  }
  return cur;
}

function stringArb(js: Js): fc.Arbitrary<string> {
  const minLength = typeof js['minLength'] === 'number' ? js['minLength'] : 0;
  const maxLength = typeof js['maxLength'] === 'number' ? Math.min(js['maxLength'], minLength + 60) : minLength + 24;
  if (typeof js['pattern'] === 'string') {
    try {
      const re = new RegExp(js['pattern']);
      return fc.stringMatching(re).map((s) => s.slice(0, Math.max(maxLength, minLength)));
    } catch {
      // a pattern fast-check cannot generate from: plain strings below
    }
  }
  switch (js['format']) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
  }
  return fc.string({ minLength, maxLength });
}

function numberArb(js: Js, integer: boolean): fc.Arbitrary<number> {
  const lo = typeof js['minimum'] === 'number' ? js['minimum'] : typeof js['exclusiveMinimum'] === 'number' ? js['exclusiveMinimum'] + (integer ? 1 : 1e-6) : -1e6;
  const hi = typeof js['maximum'] === 'number' ? js['maximum'] : typeof js['exclusiveMaximum'] === 'number' ? js['exclusiveMaximum'] - (integer ? 1 : 1e-6) : 1e6;
  const min = Math.max(lo, -1e9);
  const max = Math.min(Math.max(hi, min), 1e9);
  // Boundaries are what breaks code: the ends of the range, often.
  const ends = fc.constantFrom(Math.ceil(lo), Math.floor(hi), Math.ceil(min), Math.floor(max));
  const inside = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 3, arbitrary: inside }, { weight: 1, arbitrary: ends.filter(Number.isFinite) });
}

/** Valid values of a JSON Schema (as zod writes it): what the contract accepts, roughly. */
export function validFromJsonSchema(js0: Js, root: Js = js0, depth = 0): fc.Arbitrary<unknown> {
  const js = resolve(js0, root);
  if (depth > 6) return fc.constant(null);
  if ('const' in js) return fc.constant(js['const']);
  if (Array.isArray(js['enum'])) return fc.constantFrom(...(js['enum'] as unknown[]));
  for (const k of ['anyOf', 'oneOf'] as const) {
    const alts = js[k];
    if (Array.isArray(alts) && alts.length) return fc.oneof(...alts.map((a) => validFromJsonSchema(a as Js, root, depth + 1)));
  }
  if (Array.isArray(js['allOf']) && js['allOf'].length) return validFromJsonSchema(js['allOf'][0] as Js, root, depth + 1);
  const type = js['type'];
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => validFromJsonSchema({ ...js, type: t }, root, depth)));
  switch (type) {
    case 'string':
      return stringArb(js);
    case 'integer':
      return numberArb(js, true);
    case 'number':
      return numberArb(js, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (Array.isArray(js['prefixItems'])) return fc.tuple(...(js['prefixItems'] as Js[]).map((p) => validFromJsonSchema(p, root, depth + 1)));
      const minLength = typeof js['minItems'] === 'number' ? Math.min(js['minItems'], MAX_ITEMS) : 0;
      const maxLength = typeof js['maxItems'] === 'number' ? Math.min(js['maxItems'], minLength + MAX_ITEMS) : minLength + MAX_ITEMS;
      return fc.array(validFromJsonSchema((js['items'] ?? {}) as Js, root, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = (js['properties'] ?? {}) as Record<string, Js>;
      const required = new Set((js['required'] ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = validFromJsonSchema(v, root, depth + 1);
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      if (Object.keys(props).length === 0 && js['additionalProperties'] && typeof js['additionalProperties'] === 'object') {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validFromJsonSchema(js['additionalProperties'] as Js, root, depth + 1), { maxKeys: 3 });
      }
      return fc.record(record, { requiredKeys });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** A value's JSON Schema as zod describes the input side of the wire. */
export function jsonSchemaOf(schema: z.ZodType): Js {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Js;
  } catch {
    return {};
  }
}

/** Valid, or a valid value with one field broken (dropped, hostile, extra, prototype key), or hostile. */
export function fuzzValue(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof({ weight: 1, arbitrary: fc.constant({}) }, { weight: 3, arbitrary: hostileJson });
  const js = jsonSchemaOf(schema);
  const valid = validFromJsonSchema(js);
  const mutated = fc.tuple(valid, fc.nat(), hostileJson, fc.constantFrom('drop', 'replace', 'extra', 'proto')).map(([v, n, bad, how]) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return bad;
    const obj = { ...(v as Record<string, unknown>) };
    const keys = Object.keys(obj);
    const key = keys.length ? keys[n % keys.length]! : 'x';
    if (how === 'drop') delete obj[key];
    else if (how === 'replace') obj[key] = bad;
    else if (how === 'extra') obj[`extra_${n % 7}`] = bad;
    else return Object.fromEntries([...Object.entries(obj), ['__proto__', { [key]: bad, is_admin: true }]]);
    return obj;
  });
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 4, arbitrary: mutated }, { weight: 2, arbitrary: hostileJson });
}

/** A value as it travels in a URL (path segment or query value). */
export function asUrlText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v === null || v === undefined) return '';
  return JSON.stringify(v);
}
