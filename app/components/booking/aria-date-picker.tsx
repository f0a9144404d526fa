// React Aria's date picker: keyboard and screen-reader friendly, with the calendar in the visitor's
// language. It submits the same "YYYY-MM-DD" value as the native field it replaces, and takes the focus
// or opens its calendar when it replaces that field under the visitor's hand.
import { parseDate } from "@internationalized/date";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  Text,
} from "react-aria-components";
import { useState } from "react";
import type { DateFieldProps } from "../../../lib/views/booking.ts";
import { LOCALE } from "./format.ts";
import { FIELD_LABEL } from "./styles.ts";

const CALENDAR_BUTTON_LABEL = { es: "Abrir calendario", en: "Open calendar", pt: "Abrir calendário" } as const;
const PREVIOUS = { es: "Mes anterior", en: "Previous month", pt: "Mês anterior" } as const;
const NEXT = { es: "Mes siguiente", en: "Next month", pt: "Próximo mês" } as const;

function safeParse(value: string) {
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

export default function AriaDatePicker({
  name,
  label,
  hint,
  value,
  min,
  max,
  language,
  id,
  invalid,
  describedBy,
  autoFocus = false,
  defaultOpen = false,
}: DateFieldProps & { autoFocus?: boolean; defaultOpen?: boolean }) {
  const [date, setDate] = useState(() => safeParse(value));
  const minValue = safeParse(min) ?? undefined;
  const maxValue = safeParse(max) ?? undefined;
  return (
    <I18nProvider locale={LOCALE[language]}>
      <DatePicker
        id={id}
        name={name}
        value={date}
        onChange={setDate}
        minValue={minValue}
        maxValue={maxValue}
        isRequired
        autoFocus={autoFocus}
        defaultOpen={defaultOpen}
        isInvalid={invalid}
        aria-describedby={describedBy}
        className="flex flex-col gap-1"
        data-date-field={name}
        shouldForceLeadingZeros
      >
        <Label className={FIELD_LABEL}>{label}</Label>
        <Group className="flex min-h-11 w-full items-center rounded-lg border border-slate-500 bg-white pl-3 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sea-700 data-[invalid]:border-coral-700">
          <DateInput className="flex flex-1 text-base text-slate-900">
            {(segment) => (
              <DateSegment
                segment={segment}
                className="rounded px-0.5 tabular-nums outline-none data-[placeholder]:text-slate-500 data-[type=literal]:px-0 focus:bg-sea-700 focus:text-white"
              />
            )}
          </DateInput>
          <Button
            aria-label={CALENDAR_BUTTON_LABEL[language]}
            className="ml-1 flex size-11 items-center justify-center rounded-r-lg text-sea-800 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-sea-700"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              aria-hidden="true"
            >
              <rect x="3.5" y="5" width="17" height="15" rx="2" />
              <path d="M3.5 10h17M8 3v4M16 3v4" />
            </svg>
          </Button>
        </Group>
        {hint ? (
          <Text slot="description" className="text-xs text-slate-600">
            {hint}
          </Text>
        ) : null}
        <Popover className="rounded-xl border border-slate-200 bg-white p-3 shadow-xl" placement="bottom start">
          <Dialog className="outline-none" aria-label={label}>
            <Calendar className="w-72">
              <header className="mb-2 flex items-center justify-between gap-2">
                <Button
                  slot="previous"
                  aria-label={PREVIOUS[language]}
                  className="flex size-11 items-center justify-center rounded-full text-sea-900 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-sea-700 disabled:opacity-40"
                >
                  <span aria-hidden="true">‹</span>
                </Button>
                <Heading className="text-base font-semibold capitalize text-sea-950" />
                <Button
                  slot="next"
                  aria-label={NEXT[language]}
                  className="flex size-11 items-center justify-center rounded-full text-sea-900 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-sea-700 disabled:opacity-40"
                >
                  <span aria-hidden="true">›</span>
                </Button>
              </header>
              <CalendarGrid className="w-full border-collapse text-center text-sm">
                {(day) => (
                  <CalendarCell
                    date={day}
                    className="m-0.5 flex size-9 items-center justify-center rounded-full text-slate-900 outline-none hover:bg-sea-50 data-[disabled]:text-slate-400 data-[outside-month]:hidden data-[selected]:bg-sea-800 data-[selected]:text-white data-[focus-visible]:outline-2 data-[focus-visible]:outline-sea-700 data-[unavailable]:text-slate-400"
                  />
                )}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
