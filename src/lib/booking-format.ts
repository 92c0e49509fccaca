// Words for a booking as the bag, checkout and confirmation show it. Pure.
import { formatDate, formatTime } from './format-date.ts';

/** Spec §9: cart item names are cut to 42 characters (the ellipsis included). */
export const CART_NAME_LENGTH = 42;

export function truncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export type GuestCounts = { quantity: number; childQuantity: number; localQuantity: number; childLocalQuantity: number };

/** "2 adults, 1 child", "1 resident adult", or "3 people" when there is only one kind of guest. */
export function guestsText(g: GuestCounts, opts: { priceUnit?: string } = {}): string {
  const parts: string[] = [];
  const total = g.quantity + g.childQuantity + g.localQuantity + g.childLocalQuantity;
  if (g.childQuantity === 0 && g.localQuantity === 0 && g.childLocalQuantity === 0) return plural(total, opts.priceUnit === 'per_room' ? 'guest' : 'person', opts.priceUnit === 'per_room' ? 'guests' : 'people');
  if (g.quantity) parts.push(plural(g.quantity, 'adult', 'adults'));
  if (g.childQuantity) parts.push(plural(g.childQuantity, 'child', 'children'));
  if (g.localQuantity) parts.push(plural(g.localQuantity, 'resident adult', 'resident adults'));
  if (g.childLocalQuantity) parts.push(plural(g.childLocalQuantity, 'resident child', 'resident children'));
  return parts.join(', ');
}

/** "12 Dec 2026, 07:30 AM", "12 Dec 2026 – 14 Dec 2026 (2 nights)". */
export function whenText(b: { startDate: string; endDate: string; startTime: string | null; nights?: number }): string {
  if (b.endDate !== b.startDate) {
    const nights = b.nights ? ` (${plural(b.nights, 'night', 'nights')})` : '';
    return `${formatDate(b.startDate)} – ${formatDate(b.endDate)}${nights}`;
  }
  return `${formatDate(b.startDate)}${b.startTime ? `, ${formatTime(b.startTime)}` : ''}`;
}
