// The two mails an account receives, in its language: confirm the address, and reset the password.
// Plain text and simple inline-styled HTML (mail clients ignore style sheets); the link is escaped.
import { escapeHtml } from "../../lib/html.ts";
import type { Language } from "../../lib/language.ts";
import type { AccountEmailPurpose } from "./accounts.ts";
import { LIFETIMES } from "./rules.ts";

export interface AccountEmail {
  subject: string;
  text: string;
  html: string;
}

interface Copy {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
}

const CONFIRM_HOURS = LIFETIMES.confirmEmailMs / 3_600_000;
const RESET_MINUTES = LIFETIMES.resetPasswordMs / 60_000;

const COPY: Record<AccountEmailPurpose, Record<Language, Copy>> = {
  confirm_email: {
    es: {
      subject: "Confirma tu correo en Travesía",
      greeting: (name) => (name ? `Hola, ${name}:` : "Hola:"),
      body: "Gracias por crear tu cuenta en Travesía. Confirma tu correo para iniciar sesión y ver tus reservas en un solo lugar.",
      action: "Confirmar mi correo",
      expiry: `El enlace vale ${CONFIRM_HOURS} horas y se usa una sola vez.`,
      ignore: "Si no creaste esta cuenta, ignora este mensaje: sin confirmación no se podrá usar.",
    },
    en: {
      subject: "Confirm your e-mail for Travesía",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "Thank you for creating your Travesía account. Confirm your e-mail to sign in and see all your bookings in one place.",
      action: "Confirm my e-mail",
      expiry: `The link works for ${CONFIRM_HOURS} hours, once.`,
      ignore: "If you did not create this account, ignore this message: it cannot be used unless confirmed.",
    },
    pt: {
      subject: "Confirme seu e-mail na Travesía",
      greeting: (name) => (name ? `Olá, ${name}!` : "Olá!"),
      body: "Obrigado por criar sua conta na Travesía. Confirme seu e-mail para entrar e ver todas as suas reservas em um só lugar.",
      action: "Confirmar meu e-mail",
      expiry: `O link vale por ${CONFIRM_HOURS} horas e pode ser usado uma vez.`,
      ignore: "Se você não criou esta conta, ignore esta mensagem: sem confirmação ela não poderá ser usada.",
    },
  },
  reset_password: {
    es: {
      subject: "Restablece tu contraseña de Travesía",
      greeting: (name) => (name ? `Hola, ${name}:` : "Hola:"),
      body: "Recibimos una solicitud para restablecer la contraseña de tu cuenta. Elige una nueva con el siguiente enlace.",
      action: "Elegir una nueva contraseña",
      expiry: `El enlace vale ${RESET_MINUTES} minutos y se usa una sola vez. Al cambiarla se cerrarán tus sesiones abiertas.`,
      ignore: "Si no lo pediste, ignora este mensaje: tu contraseña no cambia.",
    },
    en: {
      subject: "Reset your Travesía password",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "We received a request to reset your account's password. Choose a new one with the link below.",
      action: "Choose a new password",
      expiry: `The link works for ${RESET_MINUTES} minutes, once. Changing the password signs you out everywhere.`,
      ignore: "If you did not ask for this, ignore this message: your password stays the same.",
    },
    pt: {
      subject: "Redefina sua senha da Travesía",
      greeting: (name) => (name ? `Olá, ${name}!` : "Olá!"),
      body: "Recebemos um pedido para redefinir a senha da sua conta. Escolha uma nova pelo link abaixo.",
      action: "Escolher uma nova senha",
      expiry: `O link vale por ${RESET_MINUTES} minutos e pode ser usado uma vez. Ao trocá-la, suas sessões abertas serão encerradas.`,
      ignore: "Se você não pediu isso, ignore esta mensagem: sua senha continua a mesma.",
    },
  },
};

export function renderAccountEmail(
  purpose: AccountEmailPurpose,
  language: Language,
  firstName: string,
  link: string,
): AccountEmail {
  const copy = COPY[purpose][language];
  const text = [
    copy.greeting(firstName),
    "",
    copy.body,
    "",
    `${copy.action}: ${link}`,
    "",
    copy.expiry,
    copy.ignore,
    "",
    "Travesía",
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`,
    `<p style="margin:0 0 16px">${escapeHtml(copy.greeting(firstName))}</p>`,
    `<p style="margin:0 0 24px">${escapeHtml(copy.body)}</p>`,
    `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b6e99;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(copy.action)}</a></p>`,
    `<p style="margin:0 0 8px;font-size:13px;color:#52606d">${escapeHtml(copy.expiry)}</p>`,
    `<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(copy.ignore)}</p>`,
    `</div></body></html>`,
  ].join("");
  return { subject: copy.subject, text, html };
}
