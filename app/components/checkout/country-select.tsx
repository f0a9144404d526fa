// The buyer's country on payment details: a native select of every country, rendered whole on the
// server (autofill and a form sent without JavaScript need every option) and hydrated on demand, not
// with the page: its 250 options were a third of the page's elements to hydrate.
import { useMemo } from "react";
import { unpackCountryOptions } from "../../../lib/countries.ts";

export interface CountrySelectProps {
  id: string;
  name: string;
  /** Every country, as `packedCountryOptions` packs them. */
  packedCountries: string;
  defaultValue: string;
  /** The first, empty option's text. */
  chooseLabel: string;
  invalid: boolean;
  describedBy: string | undefined;
  className: string;
}

export function CountrySelect(props: CountrySelectProps) {
  const countries = useMemo(() => unpackCountryOptions(props.packedCountries), [props.packedCountries]);
  return (
    <select
      id={props.id}
      name={props.name}
      required
      autoComplete="country"
      defaultValue={props.defaultValue}
      aria-invalid={props.invalid ? true : undefined}
      aria-describedby={props.describedBy}
      className={props.className}
    >
      <option value="">{props.chooseLabel}</option>
      {countries.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}
