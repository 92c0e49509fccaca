// The Chromium that tests drive: CHROMIUM_PATH when set, else Chromium's headless shell
// (Debian's chromium-headless-shell, what Playwright itself runs headless tests in) when
// installed, else the full browser. The suites are CPU-bound on a 2-core machine, and the full
// browser in headless mode costs about a third more CPU per page (16 navigations: 16.7 s against
// 24.1 s of browser CPU, 2026-11-28). Benchmarks keep the full browser: they measure what a
// visitor runs.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const testChromium = (): string => process.env['CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
