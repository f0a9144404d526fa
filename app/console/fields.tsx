// Labelled form fields the console's pages share: one look, one label-to-control wiring.
import { FIELD_LABEL, INPUT } from "../components/booking/styles.ts";

export function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <div className="mt-1">{children}</div>
    </div>
  );
}

/** A labelled select of fixed choices, each with the words to show for it. */
export function ChoiceField({
  id,
  name,
  label,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  choices: readonly { value: string | number; label: string }[];
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} name={name} className={INPUT}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A labelled input; `wrapperClassName` sizes the field within its row. */
export function InputField({
  id,
  label,
  wrapperClassName,
  ...input
}: { id: string; label: React.ReactNode; wrapperClassName?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={wrapperClassName}>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <input id={id} className={`${INPUT} mt-1`} {...input} />
    </div>
  );
}
