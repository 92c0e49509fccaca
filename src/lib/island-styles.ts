// Astro writes the CSS its islands need (`astro-island, astro-slot, astro-static-slot
// {display: contents}`) as a <style> element right before the first island of a page. On every
// page that island is the header's navigation menu, so the <style> landed inside <nav>, where
// HTML permits no <style> (no body element does: it is metadata content, for <head>). Astro
// offers no setting for where it goes (withastro/astro#10308), so src/middleware.ts moves it
// into <head> as each page is rendered, for every page at once. The HTML check
// (scripts/validate-html.ts) fails if Astro ever writes it differently and it stays in the body.

const ISLAND_STYLE = /<style>astro-island,[^<]*<\/style>/;

/** The page with Astro's island <style> moved from the body to the end of <head>. */
export function hoistIslandStyle(html: string): string {
  const style = ISLAND_STYLE.exec(html);
  const headEnd = html.indexOf('</head>');
  if (!style || headEnd < 0 || style.index < headEnd) return html;
  const withoutStyle = html.slice(0, style.index) + html.slice(style.index + style[0].length);
  return withoutStyle.slice(0, headEnd) + style[0] + withoutStyle.slice(headEnd);
}
