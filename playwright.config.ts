import { defineConfig, devices } from '@playwright/test';
import { testChromium } from './scripts/lib/test-browser.ts';

const PORT = Number(process.env['E2E_PORT'] ?? 4399);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  // Generous for a 2-core machine running two browsers beside the server: in the rehearsal of
  // 2026-11-27 the booking journeys took 31-34 s each and failed only by the 30 s limit (their
  // traces reach the confirmation). Speed is measured by the benchmarks, never by these limits.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report keeps every test's duration (where the suite's time goes: `node scripts/e2e-times.ts`).
  reporter: process.env['CI'] ? [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]] : [['list'], ['html', { open: 'never' }], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // Visitors who ask for less motion get no entry fades, shimmer or smooth scrolling (the design
    // system honours the setting): the journeys check what pages do, not their animation, and
    // the compositor then idles (a further 12% less browser CPU over the same navigations).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: testChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://localhost:${PORT}/healthz`,
    timeout: 600_000,
    reuseExistingServer: false,
    // The server stops its own children (the render daemon, a search index run it may have
    // paused) on SIGTERM; a SIGKILL of its process group would leave those behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
