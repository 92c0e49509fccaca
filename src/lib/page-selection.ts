// Which built pages an incremental publish renders (ADR 0025): exact page paths plus whole
// trees (a record's page and its sub-pages, a paginated listing). Paths have no trailing slash
// (`/cities/ubud`, `/` for the home page), as fillRoute writes them.

export type PageSelection = {
  /** Exact page paths. */
  pages: string[];
  /** Paths whose page and every page below it are selected. */
  trees: string[];
};

export const normalisePagePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : '/') || '/';

export function isSelectedPage(sel: PageSelection, path: string): boolean {
  const p = normalisePagePath(path);
  if (sel.pages.includes(p)) return true;
  return sel.trees.some((t) => t === '/' || p === t || p.startsWith(`${t}/`));
}
