// Every table of every module, for drizzle-kit and the migrator. Modules own their tables.
export * from "../modules/site/schema.ts";
export * from "../modules/inventory/schema.ts";
export * from "../modules/catalog/schema.ts";
export * from "../modules/currency/schema.ts";
export * from "../modules/payments/schema.ts";
export * from "../modules/cart/schema.ts";
export * from "../modules/search/schema.ts";
export * from "../modules/sandbox-psp/schema.ts";
export * from "../modules/checkout/schema.ts";
export * from "../modules/jobs/schema.ts";
export * from "../modules/mail/schema.ts";
export * from "../modules/identity/schema.ts";
export * from "../modules/newsletter/schema.ts";
export * from "../modules/personalization/schema.ts";
export * from "../modules/audit/schema.ts";
