// Server-rendered HTML outside React (mail bodies, development pages): every value goes through here.

/** Text safe inside HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
