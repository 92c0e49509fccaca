// The data the trip forms load while the traveller fills them in: the price of the guests being
// added, and the start times with room for the group on a new date. Answers that arrive after
// the input changed again are dropped.
import { useEffect, useState } from 'react';
import type { Timeslot } from '../../contract/booking.ts';
import type { Money } from '../../contract/common.ts';
import type { Trip } from '../../contract/trips.ts';
import { errorMessage } from '../../api-client/client.ts';
import { getTimeslots } from '../../api-client/booking.ts';
import { getAddGuestQuote } from '../../api-client/trips.ts';
import { itemOf } from './trip-format.ts';

/** What adding `quantity` guests costs now (null while it loads); starts at the trip's price for one. */
export function useAddGuestQuote(trip: Trip, quantity: number, onError: (message: string) => void): Money | null {
  const [amount, setAmount] = useState<Money | null>(trip.guestPrice);
  useEffect(() => {
    if (!trip.actions.includes('add_guest')) return;
    let live = true;
    setAmount(null);
    getAddGuestQuote(trip.id, quantity).then(
      ({ data }) => live && setAmount(data.amount),
      (err: unknown) => live && onError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [quantity]);
  return amount;
}

/**
 * The start times on `date` with room for the whole group (null while they load). `reset` runs
 * when the date changes, `loaded` with the open times once they arrive.
 */
export function useOpenTimeslots(
  trip: Trip,
  date: string,
  on: { reset: () => void; loaded: (open: Timeslot[]) => void; failed: (message: string) => void },
): Timeslot[] | null {
  const item = itemOf(trip);
  const [slots, setSlots] = useState<Timeslot[] | null>(null);
  useEffect(() => {
    if (!date) return;
    let live = true;
    setSlots(null);
    on.reset();
    getTimeslots(item.option.slugCode, date).then(
      ({ data }) => {
        if (!live) return;
        const open = data.timeslots.filter((s) => s.unitsLeft >= item.totalQuantity);
        setSlots(open);
        on.loaded(open);
      },
      (err: unknown) => live && on.failed(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [date]);
  return slots;
}
