// Helpers of the e-mails of a trip's life, each queued (providers/mail.ts) in the transaction that changes it.
import { formatDate, formatTime } from '../../../lib/format-date.ts';
import type { Db } from '../../db/client.ts';
import { moneyFormatter } from '../booking/quote.ts';
import type { Tx, TripDeps } from './load.ts';

export const when = (i: { startDate: string; startTime: string | null }) => `${formatDate(i.startDate)}${i.startTime ? `, ${formatTime(i.startTime)}` : ''}`;
export const tripUrl = (d: TripDeps, itemId: string) => `${d.config.siteUrl}/account/trips/${itemId}`;

export async function formatMoney(db: Db | Tx, minor: number, code: string) {
  return (await moneyFormatter(db as Db))({ amount: minor, currency: code });
}
