// Preview mode: two query parameters on a page — a playground connection id and a preview
// token — put the browser in preview (cookies); the value "exit" leaves it. A preview token is signed
// with PERSONALIZATION_PREVIEW_SECRET and expires, so only someone the operator gave one to sees drafts.
import { createHmac, timingSafeEqual } from "node:crypto";

export const PREVIEW_PARAMS = { playground: "perso-playground", token: "perso-preview" } as const;
export const PREVIEW_EXIT = "exit";
const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const PLAYGROUND_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

function signature(secret: string, expiresAtSeconds: number): string {
  return createHmac("sha256", secret).update(`preview:${expiresAtSeconds}`).digest("base64url");
}

export function mintPreviewToken(secret: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${seconds}.${signature(secret, seconds)}`;
}

export function isValidPreviewToken(secret: string, token: string | null | undefined, now: Date): boolean {
  const match = TOKEN_PATTERN.exec(token ?? "");
  if (!match) return false;
  const seconds = Number(match[1]);
  if (seconds * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, seconds));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type PreviewChange =
  | { kind: "none" }
  | { kind: "exit" }
  | { kind: "enter"; token: string; playground: string | null };

/** What the page's query parameters ask of preview mode: enter (a valid token), exit, or nothing. */
export function previewChangeOf(params: URLSearchParams, secret: string, now: Date): PreviewChange {
  const token = params.get(PREVIEW_PARAMS.token);
  const playground = params.get(PREVIEW_PARAMS.playground);
  if (token === PREVIEW_EXIT || playground === PREVIEW_EXIT) return { kind: "exit" };
  if (token === null || !isValidPreviewToken(secret, token, now)) return { kind: "none" };
  return {
    kind: "enter",
    token,
    playground: playground !== null && PLAYGROUND_PATTERN.test(playground) ? playground : null,
  };
}
