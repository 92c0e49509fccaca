// Where the browser goes after logging in (spec §2 Login): the redirect_path query with
// redirect_path_query (JSON) as its query, or the root; never a 404 or a login path, and never
// another site.
import { isLoginPath } from './header-paths.ts';

const NOT_FOUND = /^\/404(?:\.html)?\/?$/;

export function afterLoginHref(search: string): string {
  const params = new URLSearchParams(search);
  const path = params.get('redirect_path')?.trim() ?? '';
  // Only same-site absolute paths: '/x', never '//host' or '/\host' or 'https:'.
  if (!/^\/(?![/\\])/.test(path) || NOT_FOUND.test(path) || isLoginPath(path) || /[\s]/.test(path)) return '/';
  let query = '';
  const raw = params.get('redirect_path_query');
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const q = new URLSearchParams();
        for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
          for (const item of Array.isArray(v) ? v : [v]) if (typeof item === 'string' || typeof item === 'number') q.append(k, String(item));
        }
        const s = q.toString();
        query = s ? `?${s}` : '';
      }
    } catch {
      // a malformed query is dropped, the path still applies
    }
  }
  return `${path}${query}`;
}

/** Sign-up and log-in pages pass their query on (spec §2: other params are forwarded). */
export function withQuery(path: string, search: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}
