// Icons draw each shape once per page, in a <symbol> inside its first use (src/components/Icon.astro);
// later uses are <use href="#vi-…">. Code that clones cards from a <template> or replaces the
// cards a page came with would take those symbols along (every clone a copy of an id, or the
// list's shapes gone with the cards it replaced): it calls this first, and the symbols move to
// one hidden sprite at the end of the page, where every <use> still finds them.
const SVG_NS = 'http://www.w3.org/2000/svg';

function sprite(): Element {
  const kept = document.getElementById('vi-kept');
  if (kept) return kept;
  const made = document.createElementNS(SVG_NS, 'svg');
  made.id = 'vi-kept';
  made.setAttribute('hidden', '');
  made.setAttribute('aria-hidden', 'true');
  document.body.append(made);
  return made;
}

export function keepIconSymbols(...roots: ParentNode[]): void {
  for (const root of roots) {
    for (const symbol of root.querySelectorAll<SVGSymbolElement>('symbol[id^="vi-"]')) {
      const into = sprite();
      if (into.querySelector(`#${CSS.escape(symbol.id)}`)) symbol.remove();
      else into.append(symbol);
    }
  }
}
