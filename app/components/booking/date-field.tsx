// A date field that works without JavaScript (a native date input in a GET form) and becomes React
// Aria's accessible, localized date picker when the visitor reaches for it: the pointer comes over it,
// it takes the focus, or it is tapped. Mounting the picker costs a page with a date field about a
// quarter of its script time, so pages pay it only when a visitor is about to use the field. The
// picker's code is a separate chunk loaded at that moment.
import { useRef, useState, type MouseEvent, type PointerEvent } from "react";
import { chunkLoader } from "../ui/chunk-loader.ts";
import { FIELD_LABEL, INPUT } from "./styles.ts";
import type { DateFieldProps } from "../../../lib/views/booking.ts";

type Picker = typeof import("./aria-date-picker.tsx").default;

/** The picker's chunk; after a failed fetch the native field stays, and the next approach tries again. */
const loadPicker = chunkLoader<Picker>(() => import("./aria-date-picker.tsx").then((module) => module.default));

/** How the visitor reached the field: the picker then takes the focus, or opens its calendar. */
type Approach = "pointer" | "focus" | "tap";

interface Upgrade {
  Picker: Picker;
  /** What the native field holds when the picker replaces it: the visitor may have typed already. */
  value: string;
  focus: boolean;
  open: boolean;
}

interface NativeDateFieldProps extends DateFieldProps {
  onApproach?: (approach: Approach, input: HTMLInputElement | null) => void;
}

export function NativeDateField({ onApproach, ...field }: NativeDateFieldProps) {
  const { name, label, hint, value, min, max, id, invalid, describedBy } = field;
  const hintId = hint ? `${id}-hint` : undefined;
  const described = [hintId, describedBy].filter(Boolean).join(" ") || undefined;
  const input = useRef<HTMLInputElement>(null);
  const approach = onApproach
    ? {
        onPointerEnter: (event: PointerEvent) => {
          if (event.pointerType === "mouse") onApproach("pointer", input.current);
        },
        onFocus: () => onApproach("focus", input.current),
        onClick: (event: MouseEvent) => {
          // The browser's own calendar would open under the picker that is about to replace the field.
          if (event.target === input.current) event.preventDefault();
          onApproach("tap", input.current);
        },
      }
    : {};
  return (
    <div className="flex flex-col gap-1" data-date-field={name} {...approach}>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <input
        ref={input}
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
  const [upgrade, setUpgrade] = useState<Upgrade | null>(null);
  const approached = useRef<Approach | null>(null);
  const onApproach = (approach: Approach, input: HTMLInputElement | null) => {
    // A tap after the pointer came over the field still opens the calendar.
    const first = approached.current === null;
    if (approach === "tap" || first) approached.current = approach;
    if (!first) return;
    loadPicker().then(
      (Picker) => {
        // An open calendar takes the focus itself.
        const open = approached.current === "tap";
        const focused = input !== null && document.activeElement === input;
        setUpgrade({
          Picker,
          value: input?.value || props.value,
          focus: !open && (focused || approached.current === "focus"),
          open,
        });
      },
      (error: unknown) => {
        approached.current = null;
        console.warn("the date picker did not load; the native date field stays", error);
      },
    );
  };
  if (!upgrade) return <NativeDateField {...props} onApproach={onApproach} />;
  const { Picker } = upgrade;
  return <Picker {...props} value={upgrade.value} autoFocus={upgrade.focus} defaultOpen={upgrade.open} />;
}
