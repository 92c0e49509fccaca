// Small shared pieces of the partner back-office: the opened operator and its links, and the
// booking status badge.
import type { BookingStatus } from '../../contract/booking.ts';
import type { PartnerOperator } from '../../contract/partner.ts';
import { PARTNER_STATUS_LABELS } from '../../lib/partner-pages.ts';

/** The operator on screen; `param` keeps `?operator=` in links when the viewer can open several. */
export type Opened = { operator: PartnerOperator; param: string | null };
export const hrefIn = (o: Opened, path: string) => `${path}${o.param ? `${path.includes('?') ? '&' : '?'}operator=${encodeURIComponent(o.param)}` : ''}`;

export function BookingBadge({ status }: { status: BookingStatus }) {
  return <span className={`adm-badge ptn-badge--${status}`}>{PARTNER_STATUS_LABELS[status]}</span>;
}
