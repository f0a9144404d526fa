// The countdown of a hold: rendered by the server as it stood at the request, then ticking in the
// browser. At zero it asks for the page's data again, which then shows the line as expired.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ClockIcon } from "../ui/icons.tsx";

/** "14:05": minutes and seconds, minutes unbounded (a hold is at most an hour). */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, "0")}`;
}

export function HoldCountdown({ expiresAt, secondsLeft, label }: { expiresAt: string; secondsLeft: number; label: (time: string) => string }) {
  const [left, setLeft] = useState(secondsLeft);
  const revalidator = useRevalidator();
  useEffect(() => {
    // The server's count is the truth at render; the browser's clock only measures the time since, so
    // a visitor whose clock is wrong still sees the right countdown.
    const deadline = Date.now() + secondsLeft * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, secondsLeft]);

  // While this countdown is still on the page after zero, ask again every two seconds: the browser may
  // reach zero a moment before the server's clock does.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const expired = left === 0;
  useEffect(() => {
    if (!expired) return;
    void revalidate.current();
    const retry = setInterval(() => void revalidate.current(), 2000);
    return () => clearInterval(retry);
  }, [expired]);

  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-sand-50 px-3 py-1 text-sm font-semibold text-sea-950" data-testid="hold-countdown">
      <ClockIcon className="size-4" />
      <span>{label(formatCountdown(left))}</span>
    </p>
  );
}
