// "Same travellers as above": fills a line's passenger names from the line before it, position by
// position, so three parks for the same three people take three names, not nine. Needs JavaScript
// (shown only once the page is interactive); without it the fields are typed as before.
import { useEffect, useState } from "react";
import { useTranslate } from "../../i18n/use-translate.ts";
import { buttonClass } from "../ui/styles.ts";

export function CopyNamesButton({
  fromLineId,
  toLineId,
  count,
}: {
  fromLineId: string;
  toLineId: string;
  count: number;
}) {
  const t = useTranslate();
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={buttonClass("secondary")}
        data-testid="copy-names"
        onClick={(event) => {
          const form = event.currentTarget.form;
          if (!form) return;
          const field = (lineId: string, index: number) =>
            form.elements.namedItem(`names.${lineId}.${index}`) as HTMLInputElement | null;
          for (let index = 0; index < count; index += 1) {
            const from = field(fromLineId, index);
            const to = field(toLineId, index);
            if (from && to && from.value.trim() !== "") to.value = from.value;
          }
          setCopied(true);
        }}
      >
        {t("checkout.passengers.copyPrevious")}
      </button>
      <span role="status" className="text-sm text-sea-800">
        {copied ? t("checkout.passengers.copied") : ""}
      </span>
    </div>
  );
}
