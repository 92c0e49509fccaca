// The trip as an .ics file the browser downloads, for the traveller's calendar.
import type { Trip } from '../../contract/trips.ts';
import { guestsText } from '../../lib/booking-format.ts';
import { tripCalendar, tripHref } from '../../lib/trip-pages.ts';
import { itemOf, placeOf } from './trip-format.ts';

export function downloadCalendar(trip: Trip) {
  const item = itemOf(trip);
  const ics = tripCalendar(
    {
      id: trip.id,
      title: item.option.name,
      startDate: item.startDate,
      endDate: item.endDate,
      startTime: item.startTime,
      endTime: item.endTime,
      timeZone: item.option.timeZone,
      location: trip.meetingPoint ? [trip.meetingPoint.name, trip.meetingPoint.address].filter(Boolean).join(', ') : placeOf(item.option),
      description: `Booking ${trip.order.number ?? ''} · ${guestsText(item, { priceUnit: item.option.priceUnit })}\nOperator: ${trip.operator.name} ${trip.operator.phone ?? trip.operator.email}`,
      url: `${window.location.origin}${tripHref(trip.id)}`,
    },
    new Date(),
  );
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `verdant-${trip.order.number ?? trip.id}.ics`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
