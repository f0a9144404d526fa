// The newsletter's landing pages (confirmation, unsubscribe): one card with an icon, a heading, a text
// and the ways on, in the site's look.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CONTAINER, buttonClass } from "../ui/styles.ts";

interface NewsletterNoticeProps {
  tone: "success" | "problem" | "question";
  title: string;
  text: string;
  children?: ReactNode;
  links: { href: string; label: string; primary?: boolean }[];
  testId: string;
}

const ICON_TONE = {
  success: "bg-emerald-100 text-emerald-800",
  problem: "bg-coral-100 text-coral-700",
  question: "bg-sea-100 text-sea-900",
} as const;

function ToneIcon({ tone }: { tone: NewsletterNoticeProps["tone"] }) {
  const path =
    tone === "success" ? "M5 13l4 4L19 7" : tone === "problem" ? "M12 8v5m0 3h.01" : "M4 6h16v12H4zM4 7l8 6 8-6";
  return (
    <span
      className={`inline-flex size-14 items-center justify-center rounded-full ${ICON_TONE[tone]}`}
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        <path d={path} />
      </svg>
    </span>
  );
}

export function NewsletterNotice({ tone, title, text, children, links, testId }: NewsletterNoticeProps) {
  return (
    <div className={`${CONTAINER} py-10 sm:py-16`}>
      <div
        className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10"
        data-testid={testId}
      >
        <ToneIcon tone={tone} />
        <h1 className="mt-5 text-2xl font-bold text-sea-950 sm:text-3xl">{title}</h1>
        <p className="mt-3 text-slate-700">{text}</p>
        {children}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {links.map((link) => (
            <Link key={link.href} to={link.href} className={buttonClass(link.primary ? "primary" : "secondary")}>
              {link.label}
            </Link>
          ))}
        </div>
      </div>
    </div>
  );
}
