// The currency switcher: the page's currency as code and symbol, in the header's
// top bar on desktop and in the mobile menu. Choosing one calls PUT /api/currency and reloads the page
// data in place, so every price is written again by the server in the new currency.
//
// The server HTML carries a plain form (select + submit to /{lang}/currency/) that works without
// JavaScript. Once the page is interactive it becomes a button; the searchable list (React Aria) is a
// separate chunk fetched when the visitor points at, focuses or presses the button.
import { useId, useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { useLanguage, useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { buttonClass, FOCUS_RING, FOCUS_RING_ON_DARK } from "../ui/styles.ts";
import { BanknoteIcon, SpinnerIcon } from "./currency-icons.tsx";
import { CURRENCY_FORM_FIELD, currencyFormAction, type CurrencyOption } from "./currency-options.ts";
import type * as PickerChunk from "./currency-picker.tsx";
import type { CurrencyPickerProps } from "./currency-picker.tsx";
import { useChangeCurrency } from "./use-change-currency.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { chunkLoader } from "../ui/chunk-loader.ts";

export type SwitcherPlacement = "header" | "menu";

type PickerModule = typeof PickerChunk;

/** The picker's chunk; after a failed fetch, "Try again" fetches anew. */
const loadPicker = chunkLoader<PickerModule>(() => import("./currency-picker.tsx"));

export function CurrencySwitcher({ placement }: { placement: SwitcherPlacement }) {
  const root = useRootData();
  const language = useLanguage();
  const hydrated = useHydrated();
  const currency = root?.currency;
  const options = root?.currencies ?? [];
  if (!currency || options.length === 0) return null;
  const current: CurrencyOption = {
    id: currency.id,
    code: currency.isoCode,
    symbol: currency.symbol,
    name: currency.name,
  };
  if (!hydrated) return <CurrencyForm placement={placement} current={current} options={options} language={language} />;
  return <InteractiveSwitcher placement={placement} current={current} options={options} language={language} />;
}

interface SwitcherProps {
  placement: SwitcherPlacement;
  current: CurrencyOption;
  options: readonly CurrencyOption[];
  language: string;
}

const HEADER_TRIGGER = `inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-sea-50 hover:bg-white/10 ${FOCUS_RING_ON_DARK}`;
const MENU_TRIGGER = `flex min-h-11 w-full items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 text-left text-base text-slate-800 hover:bg-sea-50 ${FOCUS_RING}`;

/** What the trigger shows: the code and symbol (and, in the menu, the name), named "Currency: EUR €". */
function TriggerContent({
  placement,
  current,
  busy,
  open,
}: {
  placement: SwitcherPlacement;
  current: CurrencyOption;
  busy: boolean;
  open: boolean;
}) {
  const t = useTranslate();
  const chevron = busy ? (
    <SpinnerIcon className="size-4" />
  ) : (
    <ChevronDownIcon
      className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
    />
  );
  if (placement === "header") {
    return (
      <>
        <BanknoteIcon className="size-4" />
        <span className="sr-only">{t("currency.label")}: </span>
        <span className="font-semibold" data-testid="currency-code">
          {current.code}
        </span>{" "}
        <span className="text-sea-200">{current.symbol}</span>
        {chevron}
      </>
    );
  }
  return (
    <>
      <BanknoteIcon className="size-5 shrink-0 text-sea-700" />
      <span className="sr-only">{t("currency.label")}: </span>
      <span className="font-bold text-sea-950" data-testid="currency-code">
        {current.code}
      </span>{" "}
      <span className="text-slate-600">{current.symbol}</span>{" "}
      <span className="flex-1 truncate text-sm text-slate-600">{current.name}</span>
      <span className="shrink-0 text-sea-700">{chevron}</span>
    </>
  );
}

function InteractiveSwitcher({ placement, current, options, language }: SwitcherProps) {
  const t = useTranslate();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [Picker, setPicker] = useState<ComponentType<CurrencyPickerProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const { change, pendingCode, failed, clearFailure } = useChangeCurrency(language);

  function fetchPicker() {
    loadPicker().then(
      (module) => setPicker(() => module.default),
      () => setLoadFailed(true),
    );
  }

  function openPicker() {
    clearFailure();
    setLoadFailed(false);
    setAnnouncement("");
    setOpen(true);
    if (!Picker) fetchPicker();
  }

  function close() {
    setOpen(false);
    // The inline list disappears under the focus; the popover gives focus back by itself.
    if (placement === "menu") triggerRef.current?.focus();
  }

  async function choose(option: CurrencyOption) {
    if (await change(option)) {
      close();
      setAnnouncement(t("currency.changed", { name: option.name, code: option.code }));
    }
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && !open) {
      event.preventDefault();
      openPicker();
    }
  }

  const busy = (open && !Picker && !loadFailed) || pendingCode !== null;
  const pickerProps: Omit<CurrencyPickerProps, "mode"> = {
    triggerRef,
    isOpen: open,
    onOpenChange: (next) => (next ? openPicker() : close()),
    options,
    selected: current.code,
    pendingCode,
    failed,
    onChoose: (option) => void choose(option),
  };
  const loadError =
    open && loadFailed ? (
      <div
        role="alert"
        className={`flex items-center justify-between gap-3 rounded-2xl bg-white p-3 text-sm text-slate-800 ${
          placement === "header"
            ? "absolute right-0 top-full z-50 mt-2 w-72 shadow-xl ring-1 ring-sea-950/10"
            : "mt-3 ring-1 ring-slate-200"
        }`}
      >
        <span className="font-medium text-coral-700">{t("currency.loadError")}</span>
        <button type="button" onClick={openPicker} className={`${buttonClass("secondary")} shrink-0`}>
          {t("currency.retry")}
        </button>
      </div>
    ) : null;

  return (
    <div className={placement === "header" ? "relative" : ""} data-currency-switcher={placement}>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup={placement === "header" ? "dialog" : undefined}
        aria-expanded={open}
        aria-controls={placement === "menu" ? panelId : undefined}
        aria-busy={busy || undefined}
        onClick={() => (open ? close() : openPicker())}
        onKeyDown={onTriggerKeyDown}
        // Fetch the list's code as soon as the visitor reaches for the switcher.
        onPointerEnter={() => void loadPicker().catch(() => undefined)}
        onFocus={() => void loadPicker().catch(() => undefined)}
        className={`${placement === "header" ? HEADER_TRIGGER : MENU_TRIGGER} ${open && placement === "header" ? "bg-white/10" : ""}`}
      >
        <TriggerContent placement={placement} current={current} busy={busy} open={open} />
      </button>

      {placement === "header" ? (
        <>
          {Picker ? <Picker mode="popover" {...pickerProps} /> : null}
          {loadError}
        </>
      ) : (
        <div id={panelId} hidden={!open} className="mt-3">
          {open && Picker ? <Picker mode="inline" {...pickerProps} /> : null}
          {open && !Picker && !loadFailed ? (
            <p className="flex items-center gap-2 px-1 py-2 text-sm text-slate-600">
              <SpinnerIcon />
              {t("currency.loading")}
            </p>
          ) : null}
          {loadError}
        </div>
      )}

      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}

/**
 * The switcher without JavaScript: a form that posts the chosen code to /{lang}/currency/, which sets
 * the cookies and sends the visitor back here. In the header it unfolds from a <details> element.
 */
function CurrencyForm({ placement, current, options, language }: SwitcherProps) {
  const t = useTranslate();
  const location = useLocation();
  const selectId = useId();
  const form = (
    <form
      method="post"
      action={currencyFormAction(language)}
      className={
        placement === "header"
          ? "absolute right-0 top-full z-50 mt-2 flex w-72 flex-col gap-2 rounded-2xl bg-white p-4 text-slate-800 shadow-xl ring-1 ring-sea-950/10"
          : "flex flex-col gap-2"
      }
    >
      <input type="hidden" name={CURRENCY_FORM_FIELD.returnTo} value={`${location.pathname}${location.search}`} />
      <label htmlFor={selectId} className={placement === "header" ? "text-sm font-semibold text-sea-950" : "sr-only"}>
        {t("currency.label")}
      </label>
      <select
        id={selectId}
        name={CURRENCY_FORM_FIELD.currency}
        defaultValue={current.code}
        className={`min-h-11 w-full rounded-xl border border-slate-500 bg-white px-3 text-base text-slate-900 ${FOCUS_RING}`}
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {`${option.code} ${option.symbol} — ${option.name}`}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass("primary")}>
        {t("currency.apply")}
      </button>
    </form>
  );
  if (placement === "menu") return form;
  return (
    <details className="relative" data-currency-switcher={placement}>
      <summary className={`${HEADER_TRIGGER} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <TriggerContent placement={placement} current={current} busy={false} open={false} />
      </summary>
      {form}
    </details>
  );
}
