// Travel itineraries in the back-office (ADR 0035): search, status, country, sort and pages
// (PlacedRecordList.tsx).
import { adminItineraries } from '../../api-client/admin.ts';
import type { AdminItineraryListQuery } from '../../contract/admin.ts';
import { PlacedRecordList, TITLE_SORTS } from './PlacedRecordList.tsx';

export default function ItineraryList() {
  return (
    <PlacedRecordList
      path="/admin/itineraries"
      heading="Travel itineraries"
      noun={['itinerary', 'itineraries']}
      sorts={TITLE_SORTS}
      load={(q) => adminItineraries(q as AdminItineraryListQuery)}
      publicBase="/itineraries"
      count={['Days', (i) => i.daysCount]}
    />
  );
}
