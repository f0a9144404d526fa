// Booking documents: what a buyer receives about a booking, made from plain data with no I/O — the
// ticket PDF and its signed QR codes, the calendar file, the confirmation, refund, cancellation and
// closure e-mails, and their words in every language. The bookings and tickets themselves are
// modules/bookings; flows/booking-document.ts reads one into a BookingDocument.
export type { BookingDocument, TicketDocument, TicketGroup } from "./document.ts";
export { groupTickets } from "./document.ts";
export { printedTicketCodeOf, signTicketCode, verifyTicketCode } from "./ticket-code.ts";
export { renderTicketsPdf } from "./pdf.ts";
export { renderBookingIcs } from "./calendar.ts";
export { renderBookingEmail, type BookingEmailKind, type RenderedEmail } from "./email.ts";
export { paymentSummaryOf, type PaidWith } from "./payment-summary.ts";
export { renderRefundEmail, type RefundEmail } from "./refund-email.ts";
export {
  renderClosureNotice,
  renderReopenNotice,
  type ClosedSailingNotice,
  type ClosureNoticeDocument,
  type ReopenNoticeDocument,
} from "./closure-notice.ts";
// The words of tickets and e-mails, for the copy checks of the glossary.
export { TICKET_COPY } from "./copy.ts";
export { renderCancellationEmail, type CancellationEmail } from "./cancellation-email.ts";
