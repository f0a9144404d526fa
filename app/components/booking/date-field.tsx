// A date field that works without JavaScript (a native date input in a GET form) and, once the page
// is interactive, becomes React Aria's accessible, localized date picker. The picker's code is a
// separate chunk loaded only by pages that render this field.
import { lazy, Suspense } from "react";
import { useHydrated } from "../ui/use-hydrated.ts";
import { FIELD_LABEL, INPUT } from "./styles.ts";
import type { DateFieldProps } from "../../../lib/views/booking.ts";

const AriaDatePicker = lazy(() => import("./aria-date-picker.tsx"));

export function NativeDateField({ name, label, hint, value, min, max, id, invalid, describedBy }: DateFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const described = [hintId, describedBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1" data-date-field={name}>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        min={min}
        max={max}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={described}
        className={INPUT}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function DateField(props: DateFieldProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <NativeDateField {...props} />;
  return (
    <Suspense fallback={<NativeDateField {...props} />}>
      <AriaDatePicker {...props} />
    </Suspense>
  );
}
