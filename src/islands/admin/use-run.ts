// Follows a publish or preview run until it is live or failed: one poll at a time, a stale answer
// (the screen has moved on to a newer run) is dropped, a poll that hangs on a busy server is given
// up after 10 s, network failures back off up to 30 s, and a refusal (signed out, not found, too
// many requests) stops polling and is shown beside the run instead of asking again forever.
import { useEffect, useState } from 'react';
import { publishRun } from '../../api-client/admin.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { PublishRunView } from '../../contract/admin.ts';

const done = (run: PublishRunView | null) => !run || run.state === 'live' || run.state === 'failed';

export function useRun() {
  const [run, setRun] = useState<PublishRunView | null>(null);
  const [lost, setLost] = useState<string | null>(null);
  const id = run?.id;
  const pending = !done(run);
  useEffect(() => {
    setLost(null);
    if (!id || !pending) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    let controller: AbortController | null = null;
    const poll = (delay: number, failures: number) => {
      timer = setTimeout(() => {
        controller = new AbortController();
        publishRun(id, AbortSignal.any([controller.signal, AbortSignal.timeout(10_000)])).then(
          ({ data }) => {
            if (!live) return;
            setRun(data);
            if (!done(data)) poll(1000, 0);
          },
          (err: unknown) => {
            if (!live) return;
            if (err instanceof ApiError && err.status >= 400 && err.status < 500) return setLost(errorMessage(err));
            poll(Math.min(30_000, 1000 * 2 ** (failures + 1)), failures + 1);
          },
        );
      }, delay);
    };
    poll(1000, 0);
    return () => {
      live = false;
      clearTimeout(timer);
      controller?.abort();
    };
  }, [id, pending]);
  return [run, setRun, lost] as const;
}
