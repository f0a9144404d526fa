// The web edge shared by the route modules (app/) and the API routers (server/api): the services and
// request context, sessions, staff and booking access, the visitor's currency, reading a form,
// answering a refusal, a visitor's cart context, the booking views. Server-only, and free of app/
// imports (a lint zone), so both sides may use it (ADR 0066, 0069).
export {
  fieldText,
  formField,
  formValuesOf,
  readForm,
  readFormData,
  type FieldSource,
  type FormShape,
  type FormValues,
} from "./form.ts";
export { apiRefusal, pageStatusOf, refusalHeaders, shownRefusalStatusOf, statusOfCode } from "./refusal.ts";
export { cartContextOf, type CartVisitor } from "./cart-context.ts";
export * from "./context.ts";
export * from "./request-memo.ts";
export * from "./session-cookies.ts";
export * from "./staff-access.ts";
export * from "./booking-access.ts";
export * from "./visitor-currency.ts";
export * from "./personalization-visitor.ts";
export * from "./booking-views.ts";
