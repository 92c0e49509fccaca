import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { AFTER_LOAD_MS, cacheWebFonts, cacheWebFontsAfterLoad, FIRST_FACES, FONTS_CLASS, FONTS_KEY } from './web-fonts.ts';

function fakeWindow(opts: { readyState?: DocumentReadyState; classes?: string[]; load?: (face: string) => Promise<unknown[]>; storage?: Storage['setItem'] } = {}) {
  const classes = new Set(opts.classes ?? []);
  const listeners: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const delays: number[] = [];
  const load = vi.fn(opts.load ?? (async () => [{}]));
  const setItem = vi.fn(opts.storage ?? (() => undefined));
  const w = {
    document: {
      readyState: opts.readyState ?? 'loading',
      documentElement: { classList: { contains: (c: string) => classes.has(c), add: (c: string) => void classes.add(c) } },
      fonts: { load },
    },
    localStorage: { setItem },
    addEventListener: (type: string, fn: () => void) => type === 'load' && listeners.push(fn),
    setTimeout: (fn: () => void, ms: number) => { delays.push(ms); timers.push(fn); },
  };
  return { delays, w: w as unknown as Parameters<typeof cacheWebFonts>[0], classes, load, setItem, fireLoad: () => listeners.splice(0).forEach((f) => f()), runTimers: () => timers.splice(0).forEach((f) => f()) };
}

describe('web fonts after the first page', () => {
  it('fetches both first-view faces and remembers it for the next page, without showing them on this one', async () => {
    const f = fakeWindow();
    await expect(cacheWebFonts(f.w)).resolves.toBe(true);
    expect(f.load.mock.calls.map((c) => c[0])).toEqual([...FIRST_FACES]);
    expect(f.setItem).toHaveBeenCalledWith(FONTS_KEY, '1');
    expect(f.classes.has(FONTS_CLASS)).toBe(false);
  });

  it('a face that fails or matches nothing sets no flag, and the console says which', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failed = fakeWindow({ load: async (face) => (face.includes('Fraunces') ? Promise.reject(new Error('offline')) : [{}]) });
    await expect(cacheWebFonts(failed.w)).resolves.toBe(false);
    expect(failed.setItem).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Fraunces'), expect.any(Error));
    const none = fakeWindow({ load: async (face) => (face.includes('Inter') ? [] : [{}]) });
    await expect(cacheWebFonts(none.w)).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Inter'), 'no face matched');
    warn.mockRestore();
  });

  it('keeps going when storage refuses', async () => {
    const f = fakeWindow({ storage: () => { throw new DOMException('quota', 'QuotaExceededError'); } });
    await expect(cacheWebFonts(f.w)).resolves.toBe(false);
  });

  it('waits for the load event, and does nothing when the page started with the fonts shown', () => {
    const waiting = fakeWindow();
    cacheWebFontsAfterLoad(waiting.w);
    waiting.runTimers();
    expect(waiting.load).not.toHaveBeenCalled();
    waiting.fireLoad();
    expect(waiting.delays).toEqual([AFTER_LOAD_MS]);
    waiting.runTimers();
    expect(waiting.load).toHaveBeenCalledTimes(FIRST_FACES.length);

    const loaded = fakeWindow({ readyState: 'complete' });
    cacheWebFontsAfterLoad(loaded.w);
    loaded.runTimers();
    expect(loaded.load).toHaveBeenCalledTimes(FIRST_FACES.length);

    const shown = fakeWindow({ readyState: 'complete', classes: [FONTS_CLASS] });
    cacheWebFontsAfterLoad(shown.w);
    shown.fireLoad();
    shown.runTimers();
    expect(shown.load).not.toHaveBeenCalled();
  });

  it('the head script of Fonts.astro reads the same key and sets the same class', () => {
    const astro = readFileSync(new URL('../components/Fonts.astro', import.meta.url), 'utf8');
    expect(astro).toContain(`localStorage.getItem('${FONTS_KEY}')`);
    expect(astro).toContain(`classList.add('${FONTS_CLASS}')`);
    const tokens = readFileSync(new URL('../styles/tokens.css', import.meta.url), 'utf8');
    expect(tokens).toContain(`:root.${FONTS_CLASS} {`);
  });
});
