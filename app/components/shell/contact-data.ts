// Customer-service contacts shown in the footer and the header's utility bar.
// DEMO DATA: every phone number below is fictitious (US/CA 555-01xx and the UK drama range where a
// reserved range exists, made-up numbers elsewhere) and the chat handles are placeholders for the
// operator's real accounts. Replace them with the operator's numbers before going live.
import type { MessageKey } from "../../i18n/translate.ts";

export interface CountryPhone {
  /** ISO 3166-1 alpha-2 code(s) of the countries the number serves, or "INTL" for the rest of the world. */
  id: string;
  country: MessageKey;
  /** As dialled from that country, for display. */
  display: string;
  /** E.164, for the tel: link. */
  e164: string;
}

export const CALL_CENTER_PHONE: CountryPhone = {
  id: "MX",
  country: "footer.country.MX",
  display: "998 555 0142",
  e164: "+529985550142",
};

export const COUNTRY_PHONES: readonly CountryPhone[] = [
  CALL_CENTER_PHONE,
  { id: "US-CA", country: "footer.country.USCA", display: "1 800 555 0142", e164: "+18005550142" },
  { id: "BR", country: "footer.country.BR", display: "0800 555 0142", e164: "+5508005550142" },
  { id: "AR", country: "footer.country.AR", display: "0800 555 0142", e164: "+5408005550142" },
  { id: "CO", country: "footer.country.CO", display: "01 800 555 0142", e164: "+5718005550142" },
  { id: "ES", country: "footer.country.ES", display: "900 555 142", e164: "+34900555142" },
  { id: "GB", country: "footer.country.GB", display: "020 7946 0142", e164: "+442079460142" },
  { id: "CL", country: "footer.country.CL", display: "800 555 014", e164: "+56800555014" },
  { id: "PE", country: "footer.country.PE", display: "0800 5 5014", e164: "+5108005014" },
  { id: "INTL", country: "footer.country.INTL", display: "+52 998 555 0142", e164: "+529985550142" },
];

/** Opening hours (local time, America/Cancun). */
export const CALL_CENTER_HOURS = { weekdays: "7:00–24:00", weekend: "7:00–22:00" } as const;
export const TICKET_OFFICE_HOURS = { daily: "9:00–20:00" } as const;

export const CHAT_LINKS = {
  whatsApp: "https://wa.me/529985550142",
  messenger: "https://m.me/travesia.demo",
} as const;
