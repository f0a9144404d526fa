// The words on tickets, calendar entries and the confirmation mail, in the three site languages.
// Kept in the module (modules do not import app/i18n); a unit test checks every language has each text.
import type { BookingDocument, TicketDocument } from "./document.ts";

export type TicketLanguage = BookingDocument["language"];

export interface TicketCopy {
  locale: string;
  ticket: string;
  ticketOf: (index: number, total: number) => string;
  booking: string;
  ticketCode: string;
  from: string;
  to: string;
  passenger: string;
  /** The label before a group's passengers: "Pasajero" for one, "Pasajeros" for more, by CLDR's rule. */
  passengersLabel: (count: number) => string;
  fare: string;
  passengerTypes: Record<TicketDocument["passengerType"], string>;
  passengerCount: (type: TicketDocument["passengerType"], count: number) => string;
  fareCategories: Record<TicketDocument["fareCategory"], string>;
  residentNotice: string;
  openTicketUntil: (date: string) => string;
  couponUntil: (date: string) => string;
  boardingTitle: string;
  boardingNotes: { ferry: string[]; activity: string[] };
  manageBooking: string;
  subject: (reference: string) => string;
  /** The mail after the buyer moved a date: new tickets, and the calendar entry that replaces the old one. */
  changedSubject: (reference: string) => string;
  greeting: (name: string) => string;
  confirmed: string;
  changed: string;
  total: string;
  payment: string;
  nextTitle: string;
  nextPdf: string;
  nextQr: string;
  nextResident: string;
  calendarNote: string;
  footer: string;
}

const PLURAL: Record<TicketLanguage, Record<TicketDocument["passengerType"], [string, string]>> = {
  es: { adult: ["adulto", "adultos"], child: ["niño", "niños"], infant: ["bebé", "bebés"] },
  en: { adult: ["adult", "adults"], child: ["child", "children"], infant: ["infant", "infants"] },
  pt: { adult: ["adulto", "adultos"], child: ["criança", "crianças"], infant: ["bebê", "bebês"] },
};

const LOCALE: Record<TicketLanguage, string> = { es: "es-MX", en: "en-US", pt: "pt-BR" };

/** Singular or plural by the language's CLDR rule (Portuguese puts 0 with 1). */
function isSingular(language: TicketLanguage, count: number): boolean {
  return new Intl.PluralRules(LOCALE[language]).select(count) === "one";
}

function counter(language: TicketLanguage) {
  return (type: TicketDocument["passengerType"], count: number) =>
    `${count} ${PLURAL[language][type][isSingular(language, count) ? 0 : 1]}`;
}

function labelOf(language: TicketLanguage, singular: string, plural: string) {
  return (count: number) => (isSingular(language, count) ? singular : plural);
}

export const TICKET_COPY: Record<TicketLanguage, TicketCopy> = {
  es: {
    locale: "es-MX",
    ticket: "Boleto",
    ticketOf: (index, total) => `Boleto ${index} de ${total}`,
    booking: "Reserva",
    ticketCode: "Código del boleto",
    from: "Salida",
    to: "Llegada",
    passenger: "Pasajero",
    passengersLabel: labelOf("es", "Pasajero", "Pasajeros"),
    fare: "Tarifa",
    passengerTypes: { adult: "Adulto", child: "Niño", infant: "Bebé" },
    passengerCount: counter("es"),
    fareCategories: { tourist: "Turista", resident: "Residente de Quintana Roo" },
    residentNotice: "Tarifa de residente de Quintana Roo: muestra tu identificación oficial al abordar.",
    openTicketUntil: (date) => `Boleto abierto — válido hasta el ${date}`,
    couponUntil: (date) => `Cupón — válido hasta el ${date}`,
    boardingTitle: "Al abordar",
    boardingNotes: {
      ferry: [
        "Llega al muelle 30 minutos antes de la salida.",
        "Muestra este código QR en la pantalla o impreso; cada pasajero necesita el suyo.",
        "El boleto es válido solo para la fecha y hora indicadas, salvo los boletos abiertos.",
      ],
      activity: [
        "Llega 30 minutos antes de la hora indicada.",
        "Muestra este código QR en la pantalla o impreso; cada persona necesita el suyo.",
      ],
    },
    manageBooking: "Administra tu reserva",
    subject: (reference) => `Tus boletos Travesía · reserva ${reference}`,
    changedSubject: (reference) => `Nueva fecha, nuevos boletos · reserva Travesía ${reference}`,
    greeting: (name) => `Hola, ${name}:`,
    confirmed: "Tu compra está confirmada. Estos son tus boletos.",
    changed:
      "Cambiamos la fecha de tu reserva. Estos son tus boletos con la nueva fecha; el archivo de calendario adjunto actualiza el evento que ya tenías.",
    total: "Total",
    payment: "Pago",
    nextTitle: "Lo que sigue",
    nextPdf: "Tus boletos van adjuntos en PDF, uno por pasajero, junto con un archivo de calendario.",
    nextQr:
      "Al abordar, muestra el código QR de cada boleto en tu teléfono o impreso. Llega 30 minutos antes de la salida.",
    nextResident:
      "Tarifa de residente de Quintana Roo: cada pasajero con esta tarifa debe mostrar su identificación oficial al abordar.",
    calendarNote: "Boletos y detalles",
    footer: "Travesía — cruces Cancún ↔ Isla Mujeres, tours y parques.",
  },
  en: {
    locale: "en-US",
    ticket: "Ticket",
    ticketOf: (index, total) => `Ticket ${index} of ${total}`,
    booking: "Booking",
    ticketCode: "Ticket code",
    from: "From",
    to: "To",
    passenger: "Passenger",
    passengersLabel: labelOf("en", "Passenger", "Passengers"),
    fare: "Fare",
    passengerTypes: { adult: "Adult", child: "Child", infant: "Infant" },
    passengerCount: counter("en"),
    fareCategories: { tourist: "Tourist", resident: "Quintana Roo resident" },
    residentNotice: "Quintana Roo resident fare: show your official ID at boarding.",
    openTicketUntil: (date) => `Open ticket — valid until ${date}`,
    couponUntil: (date) => `Coupon — valid until ${date}`,
    boardingTitle: "At boarding",
    boardingNotes: {
      ferry: [
        "Arrive at the pier 30 minutes before departure.",
        "Show this QR code on your screen or printed; every passenger needs their own.",
        "The ticket is valid only for the date and time shown, except open tickets.",
      ],
      activity: [
        "Arrive 30 minutes before the time shown.",
        "Show this QR code on your screen or printed; every guest needs their own.",
      ],
    },
    manageBooking: "Manage your booking",
    subject: (reference) => `Your Travesía tickets · booking ${reference}`,
    changedSubject: (reference) => `New date, new tickets · Travesía booking ${reference}`,
    greeting: (name) => `Hello ${name},`,
    confirmed: "Your purchase is confirmed. Here are your tickets.",
    changed:
      "We changed the date of your booking. Here are your tickets for the new date; the attached calendar file updates the event you already have.",
    total: "Total",
    payment: "Payment",
    nextTitle: "What comes next",
    nextPdf: "Your tickets are attached as a PDF, one per passenger, with a calendar file.",
    nextQr: "At boarding, show each ticket's QR code on your phone or printed. Arrive 30 minutes before departure.",
    nextResident: "Quintana Roo resident fare: every passenger with this fare must show their official ID at boarding.",
    calendarNote: "Tickets and details",
    footer: "Travesía — crossings Cancún ↔ Isla Mujeres, tours and parks.",
  },
  pt: {
    locale: "pt-BR",
    ticket: "Bilhete",
    ticketOf: (index, total) => `Bilhete ${index} de ${total}`,
    booking: "Reserva",
    ticketCode: "Código do bilhete",
    from: "Saída",
    to: "Chegada",
    passenger: "Passageiro",
    passengersLabel: labelOf("pt", "Passageiro", "Passageiros"),
    fare: "Tarifa",
    passengerTypes: { adult: "Adulto", child: "Criança", infant: "Bebê" },
    passengerCount: counter("pt"),
    fareCategories: { tourist: "Turista", resident: "Residente de Quintana Roo" },
    residentNotice: "Tarifa de residente de Quintana Roo: apresente seu documento oficial com foto no embarque.",
    openTicketUntil: (date) => `Bilhete aberto — válido até ${date}`,
    couponUntil: (date) => `Cupom — válido até ${date}`,
    boardingTitle: "No embarque",
    boardingNotes: {
      ferry: [
        "Chegue ao píer 30 minutos antes da saída.",
        "Mostre este código QR na tela ou impresso; cada passageiro precisa do seu.",
        "O bilhete vale somente para a data e o horário indicados, exceto os bilhetes abertos.",
      ],
      activity: [
        "Chegue 30 minutos antes do horário indicado.",
        "Mostre este código QR na tela ou impresso; cada pessoa precisa do seu.",
      ],
    },
    manageBooking: "Gerencie sua reserva",
    subject: (reference) => `Seus bilhetes Travesía · reserva ${reference}`,
    changedSubject: (reference) => `Nova data, novos bilhetes · reserva Travesía ${reference}`,
    greeting: (name) => `Olá, ${name}!`,
    confirmed: "Sua compra está confirmada. Aqui estão seus bilhetes.",
    changed:
      "Mudamos a data da sua reserva. Aqui estão seus bilhetes para a nova data; o arquivo de calendário anexo atualiza o evento que você já tinha.",
    total: "Total",
    payment: "Pagamento",
    nextTitle: "Próximos passos",
    nextPdf: "Seus bilhetes estão anexados em PDF, um por passageiro, com um arquivo de calendário.",
    nextQr: "No embarque, mostre o código QR de cada bilhete no celular ou impresso. Chegue 30 minutos antes da saída.",
    nextResident:
      "Tarifa de residente de Quintana Roo: cada passageiro com esta tarifa deve apresentar seu documento oficial no embarque.",
    calendarNote: "Bilhetes e detalhes",
    footer: "Travesía — travessias Cancún ↔ Isla Mujeres, passeios e parques.",
  },
};

/** A local date (YYYY-MM-DD) written out, e.g. "sábado, 7 de marzo de 2026". */
export function formatLocalDate(language: TicketLanguage, date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(TICKET_COPY[language].locale, { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(Date.UTC(year!, month! - 1, day!)),
  );
}

/** "Boleto abierto — válido hasta …", "Cupón — válido hasta …", or null for a dated ticket. */
export function validityLine(
  language: TicketLanguage,
  ticket: Pick<TicketDocument, "kind" | "validUntil">,
): string | null {
  if (!ticket.validUntil) return null;
  const copy = TICKET_COPY[language];
  const until = formatLocalDate(language, ticket.validUntil);
  return ticket.kind === "ferry" ? copy.openTicketUntil(until) : copy.couponUntil(until);
}
