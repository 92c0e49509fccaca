// The import rules of .dependency-cruiser.mjs (npm run lint:deps): they pass on the real tree
// and they really fail on a circle and on each kind of layer breach (tests/fixtures/deps).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const bin = resolve(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const config = resolve(root, '.dependency-cruiser.mjs');
const run = promisify(execFile);

type Violation = { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] };

/** Runs depcruise in `cwd` exactly as `npm run lint:deps` does: its exit code and report. */
async function lintDeps(cwd: string, paths: string[], extra: string[] = []): Promise<{ exitCode: number; stdout: string }> {
  const args = [bin, ...paths, '--config', config, ...extra];
  try {
    const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { exitCode: 0, stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    if (typeof e.code !== 'number' || e.stdout === undefined) throw error;
    return { exitCode: e.code, stdout: e.stdout };
  }
}

/** The violations, as `rule: from → to`, from the JSON report (which always exits 0). */
async function violationsIn(cwd: string, paths: string[]): Promise<Violation[]> {
  const { stdout } = await lintDeps(cwd, paths, ['--output-type', 'json']);
  return JSON.parse(stdout).summary.violations;
}

const fixture = resolve(root, 'tests/fixtures/deps');
const line = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.to}`;

describe('import rules (npm run lint:deps)', () => {
  it('pass on src and scripts', async () => {
    const { exitCode, stdout } = await lintDeps(root, ['src', 'scripts']);
    expect(stdout).toContain('no dependency violations found');
    expect(exitCode).toBe(0);
  });

  it('fail on an import circle and on every layer breach of the fixture', async () => {
    const { exitCode, stdout } = await lintDeps(fixture, ['src']);
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain('error no-circular');

    const violations = await violationsIn(fixture, ['src']);
    expect(violations.map(line)).toEqual(
      expect.arrayContaining([
        'no-circular: src/server/context.ts → src/server/providers/registry.ts',
        'contract-imports-zod-and-lib-only: src/contract/order.ts → src/server/context.ts',
        'browser-never-imports-server: src/contract/order.ts → src/server/context.ts',
        'islands-import-browser-layers: src/islands/cart/Cart.ts → src/server/context.ts',
        'browser-never-imports-server: src/islands/cart/Cart.ts → src/server/context.ts',
        'lib-and-contract-no-io: src/lib/clock.ts → fs',
        'server-never-imports-browser: src/server/routes/cart.ts → src/islands/cart/Cart.ts',
        'services-never-import-middleware: src/server/services/orders.ts → src/server/middleware.ts',
      ]),
    );
    const circle = violations.find((v) => v.rule.name === 'no-circular');
    expect(circle?.cycle?.map((step) => step.name)).toEqual(expect.arrayContaining(['src/server/context.ts', 'src/server/providers/registry.ts']));
  });
});
