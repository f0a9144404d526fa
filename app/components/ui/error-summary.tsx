// The summary above a refused form: what went wrong, and a link to each field in error. Every form
// that re-renders its mistakes shows one. When it appears in a running page (a submit came back
// refused) the focus moves to it, so the keyboard and the screen reader start from the mistakes
// rather than from the top of the page; each link moves the focus into its field.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslate } from "../../i18n/use-translate.ts";

export interface ErrorSummaryItem {
  /** The id of the field the link leads to. */
  fieldId: string;
  /** "Label: what is wrong". */
  text: string;
}

interface ErrorSummaryProps {
  /** Without one, the count of fields in error is the title. */
  title?: string;
  /** A refusal about no one field, under the title. */
  children?: ReactNode;
  items: readonly ErrorSummaryItem[];
  /** A new value (the action's answer) focuses the summary again. */
  focusKey: unknown;
  testId: string;
  code?: string;
  className?: string;
}

export function ErrorSummary({ title, children, items, focusKey, testId, code, className = "" }: ErrorSummaryProps) {
  const t = useTranslate();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey) box.current?.focus();
  }, [focusKey]);
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid={testId}
      data-code={code}
      className={`rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm text-coral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 ${className}`}
    >
      <p id={titleId} className="font-semibold">
        {title ?? t("a11y.errorSummary", { count: items.length })}
      </p>
      {children}
      {items.length > 0 ? (
        <>
          {title ? <p className="mt-1">{t("a11y.errorSummary", { count: items.length })}</p> : null}
          <ul className="mt-1 list-disc space-y-1 ps-5" data-testid="error-summary-links">
            {items.map((item) => (
              <li key={item.fieldId}>
                <a
                  href={`#${item.fieldId}`}
                  className="font-semibold underline underline-offset-2"
                  onClick={(event) => {
                    const field = document.getElementById(item.fieldId);
                    if (!field) return;
                    event.preventDefault();
                    field.focus();
                  }}
                >
                  {item.text}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
