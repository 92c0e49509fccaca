import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The long integration files, started first. Without a timings cache (a clean clone, CI) vitest
 * orders files by size, so these small files started late: in the run of 2026-11-28 the rebuild
 * test (299 s) finished last, with one worker alone for its last minutes.
 */
const LONG_FIRST = ['scripts/rebuild.test.ts', 'src/server/routes/catalogue/changes.test.ts', 'scripts/dev.test.ts', 'src/server/db/seed/seed.test.ts', 'scripts/start.test.ts'];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((p) => f.moduleId.endsWith(`/${p}`));
      return i === -1 ? LONG_FIRST.length : i;
    };
    // A stable sort: the other files keep vitest's own order.
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/server/testing/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    sequence: { sequencer: LongFirst },
  },
});
