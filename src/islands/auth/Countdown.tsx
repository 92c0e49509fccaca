// Spec §4 countdown: hh:mm:ss to an expiry time, ticking each second; calls onDone at zero.
import { useEffect, useRef, useState } from 'react';
import { countdown, COUNTDOWN_TICK_MS } from '../../lib/countdown.ts';

export default function Countdown({ expiresAt, onDone }: { expiresAt: Date; onDone: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const done = useRef(onDone);
  done.current = onDone;
  const c = countdown(expiresAt, now);
  useEffect(() => {
    if (c.done) {
      done.current();
      return undefined;
    }
    const id = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, [c.done, expiresAt]);
  return (
    <time className="auth-countdown" dateTime={`PT${Number(c.hours)}H${Number(c.minutes)}M${Number(c.seconds)}S`} data-countdown="">
      {c.text}
    </time>
  );
}
