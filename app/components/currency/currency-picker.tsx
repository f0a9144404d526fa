// The currency list with its search box (React Aria: a search field driving a single-selection
// listbox with virtual focus, so typing "eur" then Enter chooses the euro). In the header it floats in
// a popover dialog under the switcher button; in the mobile menu it sits inline. This module is a
// separate chunk, loaded when the visitor first reaches for the switcher, so React Aria stays out of
// the first load of every page.
import type { RefObject } from "react";
import { Autocomplete } from "react-aria-components/Autocomplete";
import { Button } from "react-aria-components/Button";
import { Dialog } from "react-aria-components/Dialog";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { Input } from "react-aria-components/Input";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { SearchField } from "react-aria-components/SearchField";
import type { Selection } from "react-aria-components/ListBox";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { CheckIcon, ClearIcon, SearchIcon, SpinnerIcon } from "./currency-icons.tsx";
import { matchesSearch, searchTextOf, type CurrencyOption } from "./currency-options.ts";

export interface CurrencyPickerProps {
  mode: "popover" | "inline";
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  options: readonly CurrencyOption[];
  /** The code of the page's currency. */
  selected: string;
  pendingCode: string | null;
  failed: boolean;
  onChoose: (option: CurrencyOption) => void;
}

export default function CurrencyPicker(props: CurrencyPickerProps) {
  const language = useLanguage();
  const t = useTranslate();
  const list = <CurrencyList {...props} />;
  if (props.mode === "inline") return <I18nProvider locale={language}>{list}</I18nProvider>;
  return (
    <I18nProvider locale={language}>
      <Popover
        triggerRef={props.triggerRef}
        isOpen={props.isOpen}
        onOpenChange={props.onOpenChange}
        placement="bottom end"
        offset={8}
        maxHeight={460}
        data-testid="currency-popover"
        // The popover scrolls, not the listbox: a scroll box must hold something focusable (the search
        // field) for keyboard users, and the field stays on top while the list moves under it.
        className="w-[min(20rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-2xl bg-white text-slate-800 shadow-xl ring-1 ring-sea-950/10 outline-none data-[entering]:animate-menu-in"
      >
        <Dialog aria-label={t("currency.label")} className="outline-none">
          {list}
        </Dialog>
      </Popover>
    </I18nProvider>
  );
}

function CurrencyList({ mode, options, selected, pendingCode, failed, onChoose, onOpenChange }: CurrencyPickerProps) {
  const t = useTranslate();

  function onSelectionChange(keys: Selection) {
    if (keys === "all") return;
    const [key] = [...keys];
    const option = options.find((item) => item.code === key);
    // Choosing the currency already shown unselects it in the listbox: nothing to change, just close.
    if (!option || option.code === selected) {
      onOpenChange(false);
      return;
    }
    onChoose(option);
  }

  return (
    <Autocomplete filter={(textValue, inputValue) => matchesSearch(textValue, inputValue)}>
      <div className={mode === "popover" ? "sticky top-0 z-10 bg-white p-2" : ""}>
        <SearchField aria-label={t("currency.search")} autoFocus className="group relative flex items-center">
          <SearchIcon className="pointer-events-none absolute left-3 size-4 text-slate-500" />
          <Input
            placeholder={t("currency.searchPlaceholder")}
            className="min-h-11 w-full rounded-xl border border-slate-500 bg-white py-2 pl-9 pr-10 text-base text-slate-900 placeholder:text-slate-500 outline-none focus-visible:border-sea-700 focus-visible:ring-2 focus-visible:ring-sea-700/30 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
          <Button className="absolute right-1 inline-flex size-9 items-center justify-center rounded-lg text-slate-600 outline-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sea-700 group-data-[empty]:hidden">
            <ClearIcon className="size-4" />
          </Button>
        </SearchField>
        {failed ? (
          <p role="alert" className="mt-2 rounded-xl bg-coral-50 px-3 py-2 text-sm font-medium text-coral-700">
            {t("currency.changeError")}
          </p>
        ) : null}
      </div>
      <ListBox
        aria-label={t("currency.list")}
        items={options}
        selectionMode="single"
        selectedKeys={[selected]}
        onSelectionChange={onSelectionChange}
        data-testid="currency-list"
        renderEmptyState={() => (
          <p className="px-3 py-6 text-center text-sm text-slate-600">{t("currency.noResults")}</p>
        )}
        className={`outline-none ${mode === "popover" ? "px-2 pb-2" : "mt-2 rounded-xl p-1 ring-1 ring-slate-200"}`}
      >
        {(option) => (
          <ListBoxItem
            id={option.code}
            textValue={searchTextOf(option)}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-sea-50 data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-sea-700 data-[hovered]:bg-sea-50 data-[selected]:font-semibold data-[selected]:text-sea-900"
          >
            {({ isSelected }) => (
              <>
                <span className="w-10 shrink-0 font-bold tracking-wide text-sea-950">{option.code}</span>
                <span className="flex-1 truncate">{option.name}</span>
                <span aria-hidden="true" className="w-7 shrink-0 text-right text-slate-600">
                  {option.symbol}
                </span>
                <span className="flex size-4 shrink-0 items-center justify-center text-sea-700">
                  {pendingCode === option.code ? <SpinnerIcon /> : isSelected ? <CheckIcon className="size-4" /> : null}
                </span>
              </>
            )}
          </ListBoxItem>
        )}
      </ListBox>
    </Autocomplete>
  );
}
