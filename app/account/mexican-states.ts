// The 32 federal entities of Mexico with their ISO 3166-2 codes: most buyers live in Mexico, and a
// code (MX-ROO) is what the user info's stateIso carries. Their names are proper names, the
// same in es, en and pt. Other countries' states stay free text.

export const MEXICAN_STATES: readonly { code: string; name: string }[] = [
  ["AGU", "Aguascalientes"],
  ["BCN", "Baja California"],
  ["BCS", "Baja California Sur"],
  ["CAM", "Campeche"],
  ["CHP", "Chiapas"],
  ["CHH", "Chihuahua"],
  ["CMX", "Ciudad de México"],
  ["COA", "Coahuila"],
  ["COL", "Colima"],
  ["DUR", "Durango"],
  ["MEX", "Estado de México"],
  ["GUA", "Guanajuato"],
  ["GRO", "Guerrero"],
  ["HID", "Hidalgo"],
  ["JAL", "Jalisco"],
  ["MIC", "Michoacán"],
  ["MOR", "Morelos"],
  ["NAY", "Nayarit"],
  ["NLE", "Nuevo León"],
  ["OAX", "Oaxaca"],
  ["PUE", "Puebla"],
  ["QUE", "Querétaro"],
  ["ROO", "Quintana Roo"],
  ["SLP", "San Luis Potosí"],
  ["SIN", "Sinaloa"],
  ["SON", "Sonora"],
  ["TAB", "Tabasco"],
  ["TAM", "Tamaulipas"],
  ["TLA", "Tlaxcala"],
  ["VER", "Veracruz"],
  ["YUC", "Yucatán"],
  ["ZAC", "Zacatecas"],
].map(([code, name]) => ({ code: `MX-${code}`, name: name! }));

function folded(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();
}

/**
 * The state to store: for Mexico (MEX) a state's name or code, typed in any case and with or without
 * accents, becomes its ISO code ("quintana roo" → MX-ROO) — the form without JavaScript offers a text
 * box until the country is known. Anything else is kept as typed; empty is null.
 */
export function normalizedState(countryIso3: string | null, raw: string): string | null {
  const value = raw.trim();
  if (value.length === 0) return null;
  if (countryIso3 !== "MEX") return value;
  const key = folded(value);
  const found = MEXICAN_STATES.find(
    (state) => folded(state.code) === key || folded(state.name) === key || folded(state.code.slice(3)) === key,
  );
  return found?.code ?? value;
}

export function mexicanStateName(code: string | null): string | null {
  return MEXICAN_STATES.find((state) => state.code === code)?.name ?? null;
}
