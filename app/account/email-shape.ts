// The browser's check of an e-mail's shape before anything is sent (INVALID_EMAIL). The
// server checks again with the full rule (modules/identity isEmailFormat); this one only has to agree
// on every address a person would type.
const EMAIL_SHAPE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

export function isEmailShaped(email: string): boolean {
  return email.length <= 254 && EMAIL_SHAPE.test(email);
}
