// The reliability harness (npm run test:reliability): contract fuzzing, the access matrix and the
// backup check. The first two run apart from the unit suite because they take minutes.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default mergeConfig(
  base,
  defineConfig({ test: { include: ['src/server/reliability/**/*.reliability.ts', 'scripts/lib/db-backup.test.ts'], testTimeout: 1_800_000 } }),
);
