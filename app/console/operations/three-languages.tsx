// One labelled field per language (es, en, pt) for a text the site shows in all three, filled with
// the values stored when a record is edited.
import type { LocalizedText } from "../../../lib/db.ts";
import { LANGUAGES } from "../../../lib/language.ts";
import { INPUT } from "../../components/booking/styles.ts";
import { Field, InputField } from "../fields.tsx";

const GRID = "grid gap-3 sm:grid-cols-3";

function TextArea({
  id,
  name,
  label,
  maxLength,
  required,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  maxLength: number;
  required: boolean;
  defaultValue?: string;
}) {
  return (
    <Field id={id} label={label}>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={maxLength}
        required={required}
        defaultValue={defaultValue}
        className={INPUT}
      />
    </Field>
  );
}

/** One field per language: `label` takes the language's code; `values` fills them. */
export function ThreeLanguages({
  prefix,
  name,
  label,
  maxLength,
  required = false,
  long = false,
  values,
}: {
  prefix: string;
  name: string;
  label: (language: string) => string;
  maxLength: number;
  required?: boolean;
  long?: boolean;
  values?: LocalizedText;
}) {
  return (
    <div className={GRID}>
      {LANGUAGES.map((language) =>
        long ? (
          <TextArea
            key={language}
            id={`${prefix}-${name}-${language}`}
            name={`${name}.${language}`}
            label={label(language.toUpperCase())}
            maxLength={maxLength}
            required={required}
            defaultValue={values?.[language]}
          />
        ) : (
          <InputField
            key={language}
            id={`${prefix}-${name}-${language}`}
            label={label(language.toUpperCase())}
            name={`${name}.${language}`}
            required={required}
            maxLength={maxLength}
            defaultValue={values?.[language]}
          />
        ),
      )}
    </div>
  );
}
