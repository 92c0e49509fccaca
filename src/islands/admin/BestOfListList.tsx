// Best-of lists in the back-office (ADR 0035): search, status, country, sort (also by the number
// of picks) and pages (PlacedRecordList.tsx).
import { adminBestOfLists } from '../../api-client/admin.ts';
import type { AdminBestOfListListQuery } from '../../contract/admin.ts';
import { PlacedRecordList, TITLE_SORTS } from './PlacedRecordList.tsx';

const SORTS = [...TITLE_SORTS, ['picks_desc', 'Most picks']] as const;

export default function BestOfListList() {
  return (
    <PlacedRecordList
      path="/admin/best-of-lists"
      heading="Best-of lists"
      noun={['best-of list', 'best-of lists']}
      sorts={SORTS}
      load={(q) => adminBestOfLists(q as AdminBestOfListListQuery)}
      publicBase="/best-of"
      count={['Picks', (l) => l.itemsCount]}
      nowhere="All of Asia"
    />
  );
}
