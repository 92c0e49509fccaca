// Wire keys are snake_case, TypeScript keys camelCase; converted once at each boundary.
// Only object keys change. Keys without a lower-case letter (currency codes such as "SGD")
// and keys whose underscore precedes a digit (age bands such as "0_3") are kept as they are.

export function toCamelKey(key: string): string {
  return key.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase());
}

export function toSnakeKey(key: string): string {
  if (!/[a-z]/.test(key)) return key;
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function convert(value: unknown, keyFn: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, keyFn));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  // defineProperty: a `__proto__` key (snake_case keeps the name) stays an own key (an assignment would make
  // its value the object's prototype, whose fields a schema then reads as if sent).
  for (const [k, v] of Object.entries(value)) Object.defineProperty(out, keyFn(k), { value: convert(v, keyFn), enumerable: true, writable: true, configurable: true });
  return out;
}

export const camelizeKeys = <T = unknown>(value: unknown): T => convert(value, toCamelKey) as T;
export const snakeizeKeys = <T = unknown>(value: unknown): T => convert(value, toSnakeKey) as T;
