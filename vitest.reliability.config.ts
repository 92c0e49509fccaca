// The reliability harness (npm run test:reliability): contract fuzzing, the access matrix and the
// backup check. The first two run apart from the unit suite because they take minutes.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  // Not mergeConfig: it would add these files to the unit suite's include, not replace it.
  test: { ...base.test, include: ['src/server/reliability/**/*.reliability.ts', 'scripts/lib/db-backup.test.ts'], testTimeout: 1_800_000 },
});
