// `npm run bench:first-tap [-- --url http://localhost:4420] [--before http://localhost:4421]
// [--port 4476] [--runs 5] [--hover-ms 0] [--only bag]`:
// how long a visitor waits between the first tap on a control and its visible response, on the
// built site (issue 28, docs/decisions/0027). Each control is tapped on a cold page (a fresh
// browser context: empty cache, no storage) once the page has loaded and the network is quiet,
// at 1× and at 4× CPU throttle (Emulation.setCPUThrottlingRate, Lighthouse's mobile setting),
// `--runs` times each. The time runs from the tap's pointerdown to the first animation frame in
// which the response is rendered (visible and laid out), measured in the page from the
// pointerdown's own timestamp (a busy main thread's input delay counts). On a desktop the click
// follows the pointer's arrival at once; --hover-ms lets it rest first, as a hand does (a
// resting mouse wakes the island, and header menus also open on hover). Beside it the
// interaction's duration as the browser reports it (Event Timing: the figure INP is made of).
// Without --url it starts the e2e server on --port (built site and fresh database, like
// `npm run test:e2e`; the first build takes a minute or two). --before names a second running
// site (another build, say the main branch's): its runs alternate with this one's, so both see
// the same machine, and both are printed side by side. A benchmark, not a test: it reports
// (target: median ≤ 100 ms at 1×, ≤ 200 ms at 4×).
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium, devices, type Browser, type Page } from '@playwright/test';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
};
const RUNS = Number(arg('runs', '5'));
const ONLY = arg('only', '');
const HOVER_MS = Number(arg('hover-ms', '0'));
const port = Number(arg('port', '4476'));
const root = resolve(import.meta.dirname, '../..');
const THROTTLES = [1, 4] as const;

type Viewport = 'desktop' | 'phone';
type Control = {
  name: string;
  viewport: Viewport;
  path: (ctx: Ctx) => string;
  /** Gets the page ready for the tap (a value typed in, say); no island may wake here. */
  prepare?: (page: Page) => Promise<void>;
  /** CSS selector of the element the tap lands on. */
  tap: string;
  /** In-page predicate source: true once the response is on screen. */
  shown: string;
};
type Ctx = { experience: string };

const visible = (selector: string) => `(() => { const el = document.querySelector(${JSON.stringify(selector)}); if (!el || !el.checkVisibility()) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; })()`;

const CONTROLS: Control[] = [
  { name: 'header menu: Destinations', viewport: 'desktop', path: () => '/', tap: '#nav-destinations-trigger', shown: visible('#nav-destinations-menu') },
  { name: 'header menu: About', viewport: 'desktop', path: () => '/', tap: '#nav-about-trigger', shown: visible('#nav-about-menu') },
  { name: 'bag → Your bag', viewport: 'phone', path: () => '/', tap: '.hcart__trigger', shown: visible('#cart-menu') },
  { name: 'currency picker', viewport: 'desktop', path: ({ experience }) => experience, tap: '.currency-picker__trigger', shown: visible('.currency-picker__panel') },
  { name: 'mobile menu', viewport: 'phone', path: () => '/', tap: '.mnav-toggle', shown: visible('#mobile-menu') },
  { name: 'search box → suggestions', viewport: 'desktop', path: () => '/', tap: '.sb--hero input[role="combobox"]', shown: visible('.sb--hero .sb-panel:not([hidden])') },
  { name: 'search (phone) → Search', viewport: 'phone', path: ({ experience }) => experience, tap: '.site-header__search .sb-trigger', shown: visible('.site-header__search dialog.sb-modal') },
  { name: 'booking: Choose a date', viewport: 'phone', path: ({ experience }) => experience, tap: '[data-booking-widget] .bw__field:nth-child(1)', shown: visible('[data-booking-widget] .bw__drop:not([hidden])') },
  { name: 'booking: guests', viewport: 'phone', path: ({ experience }) => experience, tap: '[data-booking-widget] .bw__field:nth-child(2)', shown: visible('[data-booking-widget] .bw__drop:not([hidden])') },
  {
    name: 'log in: Continue',
    viewport: 'phone',
    path: () => '/users/login',
    prepare: async (page) => {
      await page.locator('main input[name="email"]').fill('traveller@verdant.test');
    },
    tap: 'main button.auth-submit',
    shown: `(() => { const b = document.querySelector('button.auth-submit'); return !b || b.disabled || b.textContent.trim() !== 'Continue'; })()`,
  },
];

type Sample = { tap: number; inp: number | null };

/** Installed before any page script: notes the first pointerdown and watches every frame after it. */
const PROBE = `
window.__tap = { down: null, shown: null, inp: null };
addEventListener('pointerdown', (event) => {
  if (window.__tap.down !== null || !window.__tapShown) return;
  // When the finger or button went down, not when this listener got to run: a busy main
  // thread's delay is part of the wait.
  window.__tap.down = event.timeStamp;
  const check = () => {
    if (window.__tapShown()) window.__tap.shown = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}, { capture: true });
const durations = new Map();
const note = (e) => {
  if (!e.interactionId && e.entryType !== 'first-input') return;
  const key = e.interactionId || 'first';
  durations.set(key, Math.max(durations.get(key) ?? 0, e.duration));
  window.__tap.inp = Math.max(...durations.values());
};
new PerformanceObserver((list) => list.getEntries().forEach(note)).observe({ type: 'event', durationThreshold: 16, buffered: true });
new PerformanceObserver((list) => list.getEntries().forEach(note)).observe({ type: 'first-input', buffered: true });
`;

async function once(browser: Browser, base: string, ctx: Ctx, control: Control, throttle: number): Promise<Sample> {
  const device = control.viewport === 'phone' ? { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } } : { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
  const context = await browser.newContext({ ...device, baseURL: base });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(control.path(ctx), { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await control.prepare?.(page);
    const target = page.locator(control.tap).first();
    await target.waitFor({ state: 'visible' });
    await page.evaluate(`window.__tapShown = () => ${control.shown}`);
    if (control.viewport === 'phone') await target.tap();
    else {
      if (HOVER_MS) {
        await target.hover();
        await page.waitForTimeout(HOVER_MS);
      }
      await target.click();
    }
    await page.waitForFunction(() => (window as unknown as { __tap: { shown: number | null } }).__tap.shown !== null, undefined, { timeout: 20_000 });
    // The event's duration is reported once its frame is presented.
    await page.waitForTimeout(150);
    const probe = (await page.evaluate('window.__tap')) as { down: number; shown: number; inp: number | null };
    return { tap: probe.shown - probe.down, inp: probe.inp };
  } finally {
    await context.close();
  }
}

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const base = `http://localhost:${port}`;
  console.log(`• Starting the e2e server on port ${port} (builds the site when it changed)…`);
  const child = spawn(process.execPath, ['scripts/e2e-server.ts'], { cwd: root, env: { ...process.env, E2E_PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The e2e server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('The e2e server did not answer /healthz within 10 minutes');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const ms = (n: number | null) => (n === null ? '   –' : `${Math.round(n)}`.padStart(4));

const given = arg('url', '');
const before = arg('before', '').replace(/\/$/, '');
const server = given ? { base: given.replace(/\/$/, ''), child: undefined } : await startServer();
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

type Summary = { median: number; worst: number; inp: number | null };
function summarise(samples: Sample[]): Summary {
  const taps = samples.map((s) => s.tap);
  const inps = samples.map((s) => s.inp).filter((x): x is number => x !== null);
  return { median: median(taps), worst: Math.max(...taps), inp: inps.length ? median(inps) : null };
}
const cell = (s: Summary) => `${ms(s.median)} ${ms(s.worst)}  ${ms(s.inp)}`;

try {
  const home = await (await fetch(`${server.base}/`)).text();
  const experience = /href="(\/experiences\/[^"?#]+)"/.exec(home)?.[1];
  if (!experience) throw new Error('The home page links to no experience');
  const ctx: Ctx = { experience };
  const controls = CONTROLS.filter((c) => !ONLY || c.name.toLowerCase().includes(ONLY.toLowerCase()));
  const sites = before ? [before, server.base] : [server.base];
  console.log(`First tap → visible response, ${RUNS} cold pages each, in ms: median, worst, and the median INP (the interaction's Event Timing duration; "–" below 16 ms)`);
  if (before) console.log(`before: ${before}   after: ${server.base} (runs alternate)`);
  const head = THROTTLES.map((t) => (before ? `${t}×  before: med worst  INP |   after: med worst  INP` : `${t}×: med worst  INP`));
  console.log(`\n${'control'.padEnd(28)} ${'viewport'.padEnd(8)} | ${head.join(' | ')}`);
  const failures: string[] = [];
  for (const control of controls) {
    const cells: string[] = [];
    for (const throttle of THROTTLES) {
      const samples = sites.map((): Sample[] => []);
      for (let i = 0; i < RUNS; i++) {
        for (const [k, base] of sites.entries()) samples[k]!.push(await once(browser, base, ctx, control, throttle));
      }
      const summaries = samples.map(summarise);
      const mine = summaries.at(-1)!;
      if (mine.median > (throttle === 1 ? 100 : 200)) failures.push(`${control.name} at ${throttle}×: ${Math.round(mine.median)} ms`);
      cells.push(summaries.map((x) => (before ? `            ${cell(x)}` : cell(x))).join(' | '));
    }
    console.log(`${control.name.padEnd(28)} ${control.viewport.padEnd(8)} | ${cells.join(' | ')}`);
  }
  console.log(failures.length ? `\nAbove target (median ≤ 100 ms at 1×, ≤ 200 ms at 4×):\n  ${failures.join('\n  ')}` : '\nEvery control within target.');
} finally {
  await browser.close();
  server.child?.kill('SIGTERM');
}
