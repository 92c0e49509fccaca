// The render daemon's parent side (ADR 0049): one `astro build` kept running with its prerender
// bundle (scripts/lib/render-daemon-integration.ts), so a publish or a preview renders its pages
// in seconds instead of bundling the storefront again for each (the filtered build's fixed cost,
// ADR 0025). It starts on first use (or on `warm()`), for the storefront code of that moment:
// asked to render for other code, it is replaced. Renders go one at a time. A daemon that dies
// fails the render it was doing with its output and is started again on the next request.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join, resolve } from 'node:path';
import type { DaemonMessage, DaemonRequest } from './render-daemon-integration.ts';

const root = resolve(import.meta.dirname, '../..');
const BUILD_NICENESS = 10;
/** Bundling both environments took 6-8 s on a quiet machine; far longer means it is stuck. */
const READY_TIMEOUT_MS = 10 * 60_000;
/** A render of every page of the demo catalogue took 17.5 s; one that passes this is stuck. */
const RENDER_TIMEOUT_MS = 15 * 60_000;

/** A page failed to render (a publish fails on it, as a build would); other errors are the daemon's. */
export class PageRenderError extends Error {}

type Pending = { resolve: (pages: number) => void; reject: (err: Error) => void };

type Running = {
  child: ChildProcess;
  codeHash: string;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  output: string[];
  exited: boolean;
};

export type RenderDaemon = {
  /** Renders the selected pages of `contentDir` into `outDir` with the bundle of `codeHash`. Resolves with the pages written. */
  render(selectionFile: string, outDir: string, contentDir: string, codeHash: string): Promise<number>;
  /** Starts the daemon for `codeHash` now, so the first publish does not wait for the bundling. */
  warm(contentDir: string, codeHash: string): Promise<void>;
  close(): Promise<void>;
};

export function createRenderDaemon(opts: { log?: (line: string) => void } = {}): RenderDaemon {
  const log = opts.log ?? (() => {});
  let running: Running | undefined;
  let closed = false;
  let nextId = 1;
  let tail: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(fn, fn);
    tail = result.catch(() => {});
    return result;
  };

  function start(contentDir: string, codeHash: string): Running {
    // Astro's server bundle is written beside the output folder and must resolve node_modules:
    // the daemon's own (unused) output folder is inside the project, one per process.
    const outDir = join(root, '.astro', 'render-daemon', String(process.pid));
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const nothing = join(outDir, '..', `${process.pid}.nothing.json`);
    writeFileSync(nothing, JSON.stringify({ pages: [], trees: [] }));
    const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', VERDANT_RENDER_DAEMON: '1', VERDANT_OUT_DIR: outDir, VERDANT_CONTENT_DIR: contentDir, VERDANT_ONLY_PAGES: nothing },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    if (child.pid) {
      try {
        setPriority(child.pid, BUILD_NICENESS);
      } catch {
        // Not allowed to lower it: the daemon runs at the server's priority.
      }
    }
    const r: Running = { child, codeHash, pending: new Map(), output: [], exited: false, ready: Promise.resolve() };
    const keep = (d: Buffer) => {
      r.output.push(d.toString());
      if (r.output.length > 200) r.output.splice(0, r.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    r.ready = new Promise<void>((ready, failed) => {
      const stuck = setTimeout(() => {
        log(`render daemon: not ready after ${READY_TIMEOUT_MS / 1000} s; stopped`);
        child.kill('SIGKILL');
      }, READY_TIMEOUT_MS);
      child.on('message', (m: DaemonMessage) => {
        if (m.type === 'ready') {
          clearTimeout(stuck);
          return ready();
        }
        const p = r.pending.get(m.id);
        if (!p) return;
        r.pending.delete(m.id);
        if (m.type === 'done') {
          const t = m.timings;
          log(`render daemon: ${m.pages} pages; paths ${t.pathsMs} ms, pages ${t.pagesMs} ms; slowest ${t.slowest.map(([path, ms]) => `${path} ${ms} ms`).join(', ')}`);
          p.resolve(m.pages);
        } else if (m.page !== undefined) p.reject(new PageRenderError(`rendering failed: ${m.error}`));
        else {
          // The daemon itself is broken (not a page): it is replaced, and this render done otherwise.
          p.reject(new Error(`the render daemon failed: ${m.error}`));
          child.kill('SIGKILL');
        }
      });
      const gone = (why: string) => {
        clearTimeout(stuck);
        if (r.exited) return;
        r.exited = true;
        if (running === r) running = undefined;
        rmSync(outDir, { recursive: true, force: true });
        rmSync(nothing, { force: true });
        const err = new Error(`the render daemon ${why}${r.output.length ? `:\n${r.output.join('').slice(-4000)}` : ''}`);
        failed(err);
        for (const p of r.pending.values()) p.reject(err);
        r.pending.clear();
      };
      child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
      // A spawn that failed (no 'exit' follows), or a message sent as it went away.
      child.on('error', (err) => {
        gone(`failed: ${err.message}`);
        child.kill('SIGKILL');
      });
    });
    r.ready.catch(() => {});
    log(`render daemon: started (pid ${child.pid})`);
    return r;
  }

  async function stop(r: Running) {
    if (r.exited) return;
    const exited = new Promise((done) => r.child.once('exit', done));
    if (r.child.connected) r.child.send({ type: 'stop' } satisfies DaemonRequest);
    const t = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(t);
  }

  async function daemonFor(contentDir: string, codeHash: string): Promise<Running> {
    if (running && running.codeHash !== codeHash) {
      const old = running;
      running = undefined;
      await stop(old);
    }
    running ??= start(contentDir, codeHash);
    const r = running;
    await r.ready;
    return r;
  }

  const killOnExit = () => running?.child.kill('SIGKILL');
  process.once('exit', killOnExit);

  return {
    render: (selectionFile, outDir, contentDir, codeHash) =>
      serially(async () => {
        if (closed) throw new Error('the render daemon is closed');
        const r = await daemonFor(contentDir, codeHash);
        const id = nextId++;
        const done = new Promise<number>((resolvePages, reject) => r.pending.set(id, { resolve: resolvePages, reject }));
        // A render that never answers is a stuck daemon: killed, and the render fails (its caller
        // renders otherwise) instead of holding every later publish.
        const stuck = setTimeout(() => {
          log(`render daemon: no answer after ${RENDER_TIMEOUT_MS / 1000} s; stopped`);
          r.child.kill('SIGKILL');
        }, RENDER_TIMEOUT_MS);
        r.child.send({ type: 'render', id, selectionFile, outDir, contentDir } satisfies DaemonRequest, (err) => {
          if (!err) return;
          r.pending.get(id)?.reject(new Error(`the render daemon could not be asked: ${err.message}`));
          r.pending.delete(id);
        });
        return done.finally(() => clearTimeout(stuck));
      }),
    warm: (contentDir, codeHash) => serially(async () => void (await daemonFor(contentDir, codeHash))),
    close: () => {
      closed = true;
      process.off('exit', killOnExit);
      // After the renders already asked for.
      return serially(async () => {
        const r = running;
        running = undefined;
        if (r) await stop(r);
      });
    },
  };
}
