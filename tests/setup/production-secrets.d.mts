export declare const TEST_PRODUCTION_SECRETS: Readonly<{
  TICKET_SIGNING_SECRET: string;
  SANDBOX_PSP_SECRET_KEY: string;
  SANDBOX_PSP_WEBHOOK_SECRET: string;
  GUEST_ACCESS_SECRET: string;
  PERSONALIZATION_PREVIEW_SECRET: string;
  SEARCH_TOKEN_SECRET: string;
}>;
export declare function withTestSecrets<T extends Record<string, string | undefined>>(env: T): T;
