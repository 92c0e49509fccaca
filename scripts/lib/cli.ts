import { existsSync, readFileSync } from 'node:fs';

/** Reads KEY=VALUE lines from .env into process.env (existing variables win). */
export function loadDotEnv(path = '.env') {
  if (!existsSync(path)) return;
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || m[1] === undefined) continue;
    const value = (m[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    process.env[m[1]] ??= value;
  }
}

/** Runs one long step with a progress line and its duration. */
export async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  console.log(`• ${label}…`);
  const result = await fn();
  console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
