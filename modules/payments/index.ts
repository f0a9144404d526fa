export { instalmentBanks, paymentMethodCurrencies, paymentMethods } from "./schema.ts";
export {
  INSTALMENT_BANKS,
  INSTALMENT_CURRENCY,
  PAYMENT_METHODS,
  cardBrandName,
  instalmentOffers,
  instalmentPlansOf,
  monthlyInstalmentMinor,
  paymentMethodsOf,
  type InstalmentBank,
  type InstalmentBankRecord,
  type InstalmentMonths,
  type PaymentMethod,
  type PaymentMethodRecord,
} from "./catalog.ts";
export { findInstalmentBanks, findPaymentMethods } from "./queries.ts";
export {
  createHttpPaymentProvider,
  createPaymentProvider,
  paymentProviderBaseUrl,
  type HttpPaymentProviderOptions,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderRefund,
  type ProviderPayment,
  type ProviderFailureCode,
  type ProviderInstalments,
  type ProviderPaymentMethod,
  type ProviderPaymentStatus,
} from "./provider.ts";
