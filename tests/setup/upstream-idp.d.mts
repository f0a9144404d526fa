/** The tests' upstream social provider (tests/setup/upstream-idp.mjs). */
export const UPSTREAM_CLIENT_ID: string;
export const UPSTREAM_CLIENT_SECRET: string;
export function upstreamEmailOf(login: string): string;
export function startUpstreamIdp(options: {
  port?: number;
  redirectUris: string[];
}): Promise<{ issuer: string; close: () => Promise<void> }>;
