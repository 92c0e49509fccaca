// What every built page must hold together, checked on every page of a build (html-validate,
// slower, checks two pages a template): the marks a page writes once (Astro's island runtime and
// directive scripts, Icon.astro's symbols, React's island numbers) are written once, and before
// or beside what needs them. The header is rendered once and repeated (src/components/
// render-once.ts), and the page's own render order is not its HTML's: these are what it could
// get wrong.

const RUNTIME = 'customElements.define("astro-island"';
const DIRECTIVE = /\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.(\w+)=/g;

/** The problems of one page's HTML (empty when it holds together). */
export function pageIntegrity(html: string): string[] {
  const problems: string[] = [];
  const firstIsland = html.indexOf('<astro-island ');
  if (firstIsland >= 0) {
    const runtimes = html.split(RUNTIME).length - 1;
    if (runtimes !== 1) problems.push(`the island runtime is written ${runtimes} times`);
    else if (html.indexOf(RUNTIME) > firstIsland) problems.push('the island runtime comes after the first island');
  }
  const directives = new Map<string, number>();
  for (const m of html.matchAll(DIRECTIVE)) directives.set(m[1]!, (directives.get(m[1]!) ?? 0) + 1);
  for (const [name, n] of directives) if (n > 1) problems.push(`the ${name} directive's script is written ${n} times`);
  for (const m of html.matchAll(/<astro-island [^>]*\bclient="(\w+)"/g)) {
    const name = m[1]!;
    if (name !== 'only' && !directives.has(name)) problems.push(`an island waits for client:${name}, whose script is not on the page`);
  }
  const symbols = new Map<string, number>();
  for (const m of html.matchAll(/<symbol id="([\w-]+)"/g)) symbols.set(m[1]!, (symbols.get(m[1]!) ?? 0) + 1);
  for (const [id, n] of symbols) if (n > 1) problems.push(`the icon ${id} is drawn ${n} times`);
  const missing = new Set([...html.matchAll(/<use href="#([\w-]+)"/g)].map((m) => m[1]!).filter((id) => !symbols.has(id)));
  for (const id of missing) problems.push(`the icon ${id} is used but not drawn`);
  const prefixes = [...html.matchAll(/<astro-island [^>]*\bprefix="(r\d+)"/g)].map((m) => m[1]!);
  const twice = new Set(prefixes.filter((p, i) => prefixes.indexOf(p) !== i));
  for (const p of twice) problems.push(`two React islands are numbered ${p}`);
  return problems;
}
