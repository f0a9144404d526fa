// The clock of a hold: rendered by the server as it stood at the request, then ticking in the browser.
// The visible time ticks every second; a polite live region speaks only at a few points (10, 5, 2 and
// 1 minutes left) and when the seats are released, and from 2 minutes on the warning shows too. At
// zero it asks for the page's data again, which then shows the line as expired; the component stays
// mounted through that (its host renders it for an expired hold at 0), so the release is announced.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslate } from "../../i18n/use-translate.ts";
import { ClockIcon } from "../ui/icons.tsx";

/** "14:05": minutes and seconds, minutes unbounded (a hold is at most an hour). */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, "0")}`;
}

/** The minutes left at which the time is spoken, largest first. */
export const ANNOUNCED_MINUTES = [10, 5, 2, 1] as const;
/** From this many seconds left the warning shows: well over the 20 s WCAG 2.2.1 asks for to act. */
export const HOLD_WARNING_SECONDS = 120;

export type HoldAnnouncement = { kind: "left"; minutes: number } | { kind: "released" } | null;

/** What the live region says with `seconds` left: the last point reached, or nothing before the first. */
export function holdAnnouncement(seconds: number): HoldAnnouncement {
  if (seconds <= 0) return { kind: "released" };
  const reached = ANNOUNCED_MINUTES.filter((minutes) => seconds <= minutes * 60);
  const last = reached[reached.length - 1];
  return last === undefined ? null : { kind: "left", minutes: last };
}

interface HoldCountdownProps {
  /** Seconds left at the server's render; 0 for a hold already expired. */
  secondsLeft: number;
  label: (time: string) => string;
  /** Called once when the browser's count reaches zero, before the server is asked again. */
  onExpire?: () => void;
  /** What to say once the seats are released, when the page's own words fit better than the default. */
  releasedText?: string;
}

export function HoldCountdown({ secondsLeft, label, onExpire, releasedText }: HoldCountdownProps) {
  const t = useTranslate();
  const [left, setLeft] = useState(secondsLeft);
  // The live region is empty in the server's HTML and filled once the page runs, so it is spoken.
  const [live, setLive] = useState(false);
  const revalidator = useRevalidator();
  useEffect(() => {
    // The server's count is the truth at render; the browser's clock only measures the time since, so
    // a visitor whose clock is wrong still sees the right countdown.
    const deadline = Date.now() + secondsLeft * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    setLive(true);
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  // While the server still counted time left and the browser reached zero, ask again every two
  // seconds: the browser may reach zero a moment before the server's clock does.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const expire = useRef(onExpire);
  expire.current = onExpire;
  const waiting = left === 0 && secondsLeft > 0;
  useEffect(() => {
    if (!waiting) return;
    expire.current?.();
    void revalidate.current();
    const retry = setInterval(() => void revalidate.current(), 2000);
    return () => clearInterval(retry);
  }, [waiting]);

  const announcement = holdAnnouncement(left);
  const text =
    announcement === null
      ? ""
      : announcement.kind === "released"
        ? (releasedText ?? t("hold.released"))
        : t("hold.left", { count: announcement.minutes });
  const shown = live && text !== "" && left <= HOLD_WARNING_SECONDS;
  return (
    <div className="flex flex-col items-start gap-2" data-testid="hold-clock" data-seconds-left={left}>
      {left > 0 ? (
        <p
          className="inline-flex items-center gap-2 rounded-full bg-sand-50 px-3 py-1 text-sm font-semibold text-sea-950"
          data-testid="hold-countdown"
        >
          <ClockIcon className="size-4" />
          <span>{label(formatCountdown(left))}</span>
        </p>
      ) : null}
      <p
        role="status"
        data-testid={left === 0 ? "hold-expired" : "hold-announcement"}
        className={
          shown
            ? "rounded-lg border border-coral-600 bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-700"
            : "sr-only"
        }
      >
        {live ? text : ""}
      </p>
    </div>
  );
}
