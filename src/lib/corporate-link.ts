// Corporate event pages (ADR 0040): what /corporate-events was asked for, by its path or by what
// the visitor typed on /corporate-experiences. Pure, for the event page's island.
export const EVENT_ID = /^[a-z0-9][a-z0-9-]{2,80}$/;

/**
 * What the page was asked for: an event id from the path, or what the visitor typed on
 * /corporate-experiences (`?event=`): an event link, an event id or a company code.
 */
export function corporateEventTarget(pathname: string, search: string): { id: string } | { typed: string } | null {
  const m = /^\/corporate-events\/([a-z0-9][a-z0-9-]{2,80})\/?$/.exec(pathname);
  if (m?.[1]) return { id: m[1] };
  const typed = new URLSearchParams(search).get('event')?.trim();
  if (!typed) return null;
  const link = /\/corporate-events\/([a-z0-9][a-z0-9-]{2,80})\/?(?:[?#]|$)/i.exec(typed);
  if (link?.[1]) return { id: link[1].toLowerCase() };
  return { typed: typed.slice(0, 80) };
}
