// Small shared pieces of the partner back-office: the opened operator and its links, the
// booking status badge, and a file download (the CSV, the iCal feed).
import { useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import type { BookingStatus } from '../../contract/booking.ts';
import type { PartnerOperator } from '../../contract/partner.ts';
import { PARTNER_STATUS_LABELS } from '../../lib/partner-pages.ts';

/** The operator on screen; `param` keeps `?operator=` in links when the viewer can open several. */
export type Opened = { operator: PartnerOperator; param: string | null };
export const hrefIn = (o: Opened, path: string) => `${path}${o.param ? `${path.includes('?') ? '&' : '?'}operator=${encodeURIComponent(o.param)}` : ''}`;

export function BookingBadge({ status }: { status: BookingStatus }) {
  return <span className={`adm-badge ptn-badge--${status}`}>{PARTNER_STATUS_LABELS[status]}</span>;
}

/**
 * A file the API makes (it needs the session, so it is fetched, then saved from memory): `run`
 * downloads it once at a time; `error` says why it failed (the console has the cause).
 */
export function useFileDownload(what: string, fetchFile: () => Promise<{ blob: Blob; filename: string }>) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const run = async () => {
    if (state.busy) return;
    setState({ busy: true, error: null });
    try {
      const { blob, filename } = await fetchFile();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setState({ busy: false, error: null });
    } catch (err) {
      console.error(`${what} download failed`, err);
      setState({ busy: false, error: errorMessage(err) });
    }
  };
  return { ...state, run };
}
