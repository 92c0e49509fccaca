// <RenderOnce key=…>: renders its content once per build for each key and writes the same HTML
// into every later page with that key (issue 14: the site header was a quarter of an experience
// page's render, 2.6 ms of about 11, the same on all 20,000 of them).
//
// Written as an Astro component by hand (as the compiler writes them, with Astro's runtime API)
// because a page's render state is not reachable from an .astro file: rendering leaves marks on
// the page that a repeated HTML string must leave too, or the page would write them twice:
// - Astro's (`result._metadata`): the island runtime, each client directive's script, each
//   renderer's hydration script, each component <script>, written once per page;
// - Icon.astro's (`locals.iconsShown`): each icon's <symbol>, written once per page;
// - React's (`prefix="rN"` of each island, its useId prefix): one number per React render.
// Astro's and the icons' state before the content is part of the key, so the HTML is only ever
// repeated where the page stands exactly where it stood when the HTML was made (for the header:
// nothing before it on any page renders an island or an icon), and the marks the content made
// are made again. React's numbers are taken out of the HTML and each page puts in its own.
//
// `fill` puts per-page text into the repeated HTML: the content is rendered with each key of
// `fill` as a placeholder, replaced on each page by its value, HTML-escaped. Values must need
// the same escaping in every context the content puts them (an attribute, an island's props):
// only `&` is allowed to need escaping, which is true of URLs built by URLSearchParams.
import type { SSRResult } from 'astro';
import { chunkToString, createComponent, markHTMLString, renderSlotToString, renderTemplate } from 'astro/runtime/server/index.js';
import type { ComponentSlots } from 'astro/runtime/server/render/slot.js';
// The React renderer's island counter (not in its package's exports; the renderer numbers its
// islands with this module's per-page state, and so must this).
import { incrementId } from '../../node_modules/@astrojs/react/dist/context.js';
import { renderGeneration } from './content-records.ts';

type Metadata = {
  hasHydrationScript: boolean;
  hasRenderedServerIslandRuntime: boolean;
  rendererSpecificHydrationScripts: Set<string>;
  renderedScripts: Set<string>;
  hasDirectives: Set<string>;
};
const FLAGS = ['hasHydrationScript', 'hasRenderedServerIslandRuntime'] as const;
const SETS = ['rendererSpecificHydrationScripts', 'renderedScripts', 'hasDirectives'] as const;

type Locals = { iconsShown?: Set<string> };
type PageResult = SSRResult & { _metadata: Metadata };
type Marks = { flags: boolean[]; sets: string[][]; icons: string[] };
/** The content's HTML with its React island numbers taken out (ISLAND_NUMBER), and the marks it left. */
type Made = { parts: string[]; marks: Marks };

/** Astro's marks are made as the page is written, in the page's order: what the content made is what changed while it was written. */
function marksOf(result: PageResult, locals: Locals): Marks {
  const m = result._metadata;
  return { flags: FLAGS.map((f) => m[f]), sets: SETS.map((s) => [...m[s]].sort()), icons: [...(locals.iconsShown ?? [])].sort() };
}

/**
 * Icon.astro marks an icon as it renders, and the page's other components render at the same
 * time as the content (not in the page's order): the icons the content marked are the symbols in
 * its HTML. Undefined when the content uses an icon whose symbol is elsewhere on the page: that
 * HTML cannot be repeated on another page.
 */
function iconsOf(html: string): string[] | undefined {
  const symbols = new Set([...html.matchAll(/<symbol id="vi-([\w-]+)"/g)].map((m) => m[1]!));
  const used = [...html.matchAll(/<use href="#vi-([\w-]+)"/g)].map((m) => m[1]!);
  return used.every((name) => symbols.has(name)) ? [...symbols].sort() : undefined;
}

function leaveMarks(result: PageResult, locals: Locals, marks: Marks) {
  const m = result._metadata;
  FLAGS.forEach((f, i) => (m[f] = marks.flags[i]!));
  SETS.forEach((s, i) => marks.sets[i]!.forEach((v) => m[s].add(v)));
  const icons = (locals.iconsShown ??= new Set<string>());
  for (const name of marks.icons) icons.add(name);
}

/**
 * React islands are numbered per page (`prefix="r7"`, and their useId ids `_r7R_…_`) in the order
 * they render, which is not the page's order: the body's islands render while the header waits
 * for its data. The numbers in the HTML are taken out when it is made, and each page puts in
 * numbers of its own, taken from the page's counter: no island of the page can have the same.
 */
const ISLAND_NUMBER = /(?<=\bprefix="r)\d+(?=")|(?<=_r)\d+(?=R_)/g;

function withoutNumbers(html: string): string[] {
  const parts: string[] = [];
  const numbers = new Map<string, number>();
  let last = 0;
  for (const m of html.matchAll(ISLAND_NUMBER)) {
    parts.push(html.slice(last, m.index), String(numbers.get(m[0]) ?? numbers.set(m[0], numbers.size).size - 1));
    last = m.index + m[0].length;
  }
  parts.push(html.slice(last));
  return parts;
}

/** The HTML with this page's island numbers (odd parts name the content's islands 0, 1, …). */
function numbered(result: PageResult, parts: string[]): string {
  const fresh: string[] = [];
  let html = '';
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) html += parts[i];
    else html += (fresh[Number(parts[i])] ??= incrementId(result).slice(1));
  }
  return html;
}

const made = new Map<string, Made>();
let madeIn = -1;

function fillIn(html: string, fill: Record<string, string>): string {
  let out = html;
  for (const [placeholder, value] of Object.entries(fill)) {
    if (/[<>"']/.test(value)) throw new Error(`RenderOnce: ${JSON.stringify(value)} would be escaped differently in attributes and props`);
    out = out.replaceAll(placeholder, value.replaceAll('&', '&amp;'));
  }
  return out;
}

type Props = { key: string; fill?: Record<string, string> };

const RenderOnce = createComponent(
  async (result: PageResult, props: Props, slots: ComponentSlots) => {
    const { key, fill = {} } = props;
    const content = slots['default'];
    if (!content) return renderTemplate``;
    if (madeIn !== renderGeneration()) {
      // The render daemon starts a new generation for each publish: what the content shows may have changed.
      made.clear();
      madeIn = renderGeneration();
    }
    // The page's Astro.locals, as a compiled component reaches it.
    const { locals } = result.createAstro(props, slots) as { locals: Locals };
    const before = marksOf(result, locals);
    const fullKey = JSON.stringify([key, before]);
    // `npm run dev` renders one page at a time from a content cache that changes under it.
    let known = import.meta.env.DEV ? undefined : made.get(fullKey);
    if (known) {
      leaveMarks(result, locals, known.marks);
    } else {
      // The render itself leaves this page's marks; they are kept for the pages that repeat it.
      const html = chunkToString(result, await renderSlotToString(result, content));
      const icons = iconsOf(html);
      known = { parts: withoutNumbers(html), marks: { ...marksOf(result, locals), icons: icons ?? [] } };
      if (icons && !import.meta.env.DEV) made.set(fullKey, known);
    }
    return renderTemplate`${markHTMLString(fillIn(numbered(result, known.parts), fill))}`;
  },
  undefined,
  'none',
);

export default RenderOnce;
