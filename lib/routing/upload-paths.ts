// The pages that take a file: the console's products page, whose forms send a product's picture
// (ADR 0079). Its paths live here so the server's body limits and the console's page table agree.
import type { Language } from "../language.ts";

export const CONSOLE_PRODUCTS_PATHS: Record<Language, string> = {
  es: "/es/operador/productos/",
  en: "/en/operator/products/",
  pt: "/pt/operador/produtos/",
};

const UPLOAD_PATHS = new Set(
  // React Router's data request for a path ending in "/" is "<path>_.data" (trailing-slash-aware requests).
  Object.values(CONSOLE_PRODUCTS_PATHS).flatMap((path) => [path, `${path}_.data`]),
);

/** A path whose posts may carry a picture: the page itself, or React Router's data request for it. */
export function isPictureUploadPath(path: string): boolean {
  return UPLOAD_PATHS.has(path);
}
