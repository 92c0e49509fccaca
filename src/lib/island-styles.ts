// Astro writes the CSS its islands need (`astro-island, astro-slot, astro-static-slot
// {display: contents}`) as a <style> element right before the first island of a page. On every
// page that island is the header's navigation menu, so the <style> landed inside <nav>, where
// HTML permits no <style> (no body element does: it is metadata content, for <head>). Astro
// offers no setting for where it goes (withastro/astro#10308), so src/middleware.ts moves it
// into <head> as each page is rendered, for every page at once. The HTML check
// (scripts/validate-html.ts) fails if Astro ever writes it differently and it stays in the body.
//
// It works on the page's bytes: decoding every page to a string and encoding it again cost a
// full build about a seventh of its rendering time (profiled, ADR 0025).

const STYLE_START = Buffer.from('<style>astro-island,');
const STYLE_END = Buffer.from('</style>');
const HEAD_END = Buffer.from('</head>');

/** The page with Astro's island <style> moved from the body to the end of <head>. */
export function hoistIslandStyle(html: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const page = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const headEnd = page.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  const start = page.indexOf(STYLE_START, headEnd);
  if (start < 0) return html;
  const end = page.indexOf(STYLE_END, start);
  if (end < 0 || page.subarray(start, end).includes(0x3c /* < */, STYLE_START.length)) return html;
  const stop = end + STYLE_END.length;
  return Buffer.concat([page.subarray(0, headEnd), page.subarray(start, stop), page.subarray(headEnd, start), page.subarray(stop)]);
}
