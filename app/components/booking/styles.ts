// Class lists shared by the booking widgets.
export const FIELD_LABEL = "text-sm font-semibold text-sea-950";
export const INPUT =
  "min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 aria-[invalid=true]:border-coral-700";
export const FIELDSET_LEGEND = "text-sm font-semibold text-sea-950";
export const CHOICE =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 has-[:checked]:border-sea-700 has-[:checked]:bg-sea-50 has-[:checked]:text-sea-950 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sea-700";
/** A radio or checkbox: 24 × 24 CSS px, the smallest target WCAG 2.2 AA allows, whatever the label around it. */
export const CHECK = "size-6 shrink-0 accent-sea-700";
/** A labelled radio or checkbox drawn as a row: the whole row is the target and shows the choice. */
export const CHOICE_ROW =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-sea-700 has-[:checked]:bg-sea-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sea-700";
export const CARD = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
