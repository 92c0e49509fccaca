// The server Playwright drives: the real `npm start` path on a fresh embedded database under
// .e2e/ (its own content cache and build, so the developer's .data and dist stay untouched).
// The image pool and the last build are kept between runs; the build is skipped when unchanged.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// One folder per port, so two runs on different ports never rebuild each other's site.
const port = process.env['E2E_PORT'] ?? '4399';
const e2e = resolve(root, port === '4399' ? '.e2e' : `.e2e-${port}`);
rmSync(resolve(e2e, 'data/pglite'), { recursive: true, force: true });
rmSync(resolve(e2e, 'data/verdant.lock'), { force: true });
Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: process.env['E2E_PORT'] ?? '4399',
  PUBLIC_SITE_URL: `http://localhost:${process.env['E2E_PORT'] ?? '4399'}`,
  DATA_DIR: resolve(e2e, 'data'),
  CONTENT_DIR: resolve(e2e, 'content-cache'),
  DIST_DIR: resolve(e2e, 'dist'),
  SEED_IMAGES_PER_THEME: '2',
  RATE_LIMIT_PER_MINUTE: '100000',
  TRUST_PROXY: 'true',
  // The resend link appears after the 5-minute countdown (a fake clock in the tests): no server wait.
  OTP_RESEND_SECONDS: '0',
  LOG_LEVEL: 'warn',
});
await import('./start.ts');
