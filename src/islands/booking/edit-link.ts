// The bag's "Edit" link: the experience page with the item's choices in the query, which the
// booking widget reads to pre-fill itself (and opens, because ?edit=1).
import type { OrderItem } from '../../contract/booking.ts';

export function editHref(item: Pick<OrderItem, 'startDate' | 'endDate' | 'detailedTimeslotId' | 'quantity' | 'childQuantity' | 'localQuantity' | 'childLocalQuantity' | 'room' | 'selectedTransportItem'> & { option: { slugCode: string } }): string {
  const q = new URLSearchParams({ edit: '1', date: item.startDate });
  if (item.endDate !== item.startDate) q.set('end', item.endDate);
  if (item.detailedTimeslotId) q.set('slot', item.detailedTimeslotId);
  if (item.quantity) q.set('adults', String(item.quantity));
  if (item.childQuantity) q.set('children', String(item.childQuantity));
  if (item.localQuantity) q.set('residents', String(item.localQuantity));
  if (item.childLocalQuantity) q.set('resident_children', String(item.childLocalQuantity));
  if (item.room) q.set('room', String(item.room.id));
  if (item.selectedTransportItem) q.set('pickup', item.selectedTransportItem.id);
  return `/experiences/${encodeURIComponent(item.option.slugCode)}?${q.toString()}#availability`;
}
