// The sandbox's hosted pages, rendered as plain HTML: the card form (with months without interest when
// the intent asks for them), the 3-D Secure challenge and the PayPal sandbox's approval page. They
// play a third party's site, so they are not React Router pages, use no JavaScript at all (plain POST
// forms, nothing for the CSP to allow) and carry their own texts in es, en and pt.
import { escapeHtml } from "../lib/html.ts";
import type { Language } from "../lib/language.ts";
import type { CardFieldError, CardForm } from "./cards.ts";

interface HostedPageText {
  title: string;
  heading: string;
  sandbox: string;
  amount: string;
  reference: string;
  number: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  name: string;
  pay: string;
  fix: string;
  challengeTitle: string;
  challengeHeading: string;
  challengeText: string;
  card: string;
  approve: string;
  deny: string;
  notFoundTitle: string;
  notFoundText: string;
  /** "{months} … {monthly}": the plan the merchant asked for, shown above the form. */
  instalments: string;
  /** The way back to the merchant: to pay at once instead of the plan, or to choose another way to pay. */
  backSinglePayment: string;
  backToShop: string;
  /** Texts with {months} are filled in with the plan asked for. */
  errors: Record<CardFieldError, string>;
  paypal: {
    title: string;
    sandbox: string;
    heading: string;
    email: string;
    merchant: string;
    payNow: string;
    cancel: string;
    emailInvalid: string;
  };
}

export const HOSTED_PAGE_TEXT: Readonly<Record<Language, HostedPageText>> = {
  en: {
    title: "Card payment — Sandbox PSP",
    heading: "Pay with card",
    sandbox: "Sandbox: no real money moves. Use a test card.",
    amount: "Amount to pay",
    reference: "Merchant reference",
    number: "Card number",
    expiry: "Expiry (MM/YY)",
    expiryPlaceholder: "MM/YY",
    cvc: "Security code (CVV)",
    name: "Name on the card",
    pay: "Pay",
    fix: "Check the highlighted fields.",
    challengeTitle: "3-D Secure verification — Sandbox PSP",
    challengeHeading: "Confirm it is you",
    challengeText: "Your bank asks you to approve this payment.",
    card: "Card",
    approve: "Approve",
    deny: "Deny",
    notFoundTitle: "Payment not found",
    notFoundText: "This payment link is not valid. Go back to the shop and start again.",
    errors: {
      number_required: "Enter the card number.",
      number_invalid: "The card number is not valid. Check the digits.",
      number_unsupported: "This card brand is not accepted.",
      expiry_required: "Enter the expiry date.",
      expiry_invalid: "Enter the expiry as MM/YY, with a month from 01 to 12.",
      expiry_past: "This card has expired.",
      cvc_required: "Enter the security code.",
      cvc_invalid: "The security code has 3 digits (4 on American Express).",
      name_required: "Enter the name as it appears on the card.",
      instalments_not_mexican: "Interest-free monthly payments need a credit card issued in Mexico. Use another card.",
      instalments_months_exceeded:
        "The bank that issued this card does not offer {months} interest-free monthly payments. Use another card.",
    },
    instalments: "{months} interest-free monthly payments of {monthly}",
    backSinglePayment: "Pay in a single payment instead",
    backToShop: "Back to the shop",
    paypal: {
      title: "Log in to your PayPal account — PayPal Sandbox",
      sandbox: "PayPal sandbox: no real money moves.",
      heading: "Log in with your PayPal sandbox account",
      email: "Email",
      merchant: "Pay to",
      payNow: "Pay now",
      cancel: "Cancel and return",
      emailInvalid: "Enter the email address of a PayPal sandbox account.",
    },
  },
  es: {
    title: "Pago con tarjeta — Sandbox PSP",
    heading: "Paga con tarjeta",
    sandbox: "Sandbox: no se mueve dinero real. Usa una tarjeta de prueba.",
    amount: "Importe a pagar",
    reference: "Referencia del comercio",
    number: "Número de tarjeta",
    expiry: "Vencimiento (MM/AA)",
    expiryPlaceholder: "MM/AA",
    cvc: "Código de seguridad (CVV)",
    name: "Nombre en la tarjeta",
    pay: "Pagar",
    fix: "Revisa los campos marcados.",
    challengeTitle: "Verificación 3-D Secure — Sandbox PSP",
    challengeHeading: "Confirma que eres tú",
    challengeText: "Tu banco te pide aprobar este pago.",
    card: "Tarjeta",
    approve: "Aprobar",
    deny: "Rechazar",
    notFoundTitle: "Pago no encontrado",
    notFoundText: "Este enlace de pago no es válido. Vuelve a la tienda y empieza de nuevo.",
    errors: {
      number_required: "Escribe el número de tarjeta.",
      number_invalid: "El número de tarjeta no es válido. Revisa los dígitos.",
      number_unsupported: "No aceptamos esta marca de tarjeta.",
      expiry_required: "Escribe la fecha de vencimiento.",
      expiry_invalid: "Escribe el vencimiento como MM/AA, con un mes del 01 al 12.",
      expiry_past: "Esta tarjeta está vencida.",
      cvc_required: "Escribe el código de seguridad.",
      cvc_invalid: "El código de seguridad tiene 3 dígitos (4 en American Express).",
      name_required: "Escribe el nombre tal como aparece en la tarjeta.",
      instalments_not_mexican:
        "Los meses sin intereses requieren una tarjeta de crédito emitida en México. Usa otra tarjeta.",
      instalments_months_exceeded:
        "El banco que emitió esta tarjeta no ofrece {months} meses sin intereses. Usa otra tarjeta.",
    },
    instalments: "{months} meses sin intereses de {monthly}",
    backSinglePayment: "Pagar en una sola exhibición",
    backToShop: "Volver a la tienda",
    paypal: {
      title: "Inicia sesión en tu cuenta PayPal — PayPal Sandbox",
      sandbox: "Sandbox de PayPal: no se mueve dinero real.",
      heading: "Inicia sesión con tu cuenta sandbox de PayPal",
      email: "Correo electrónico",
      merchant: "Pagar a",
      payNow: "Pagar ahora",
      cancel: "Cancelar y volver",
      emailInvalid: "Escribe el correo de una cuenta sandbox de PayPal.",
    },
  },
  pt: {
    title: "Pagamento com cartão — Sandbox PSP",
    heading: "Pague com cartão",
    sandbox: "Sandbox: nenhum dinheiro real é movimentado. Use um cartão de teste.",
    amount: "Valor a pagar",
    reference: "Referência do comerciante",
    number: "Número do cartão",
    expiry: "Validade (MM/AA)",
    expiryPlaceholder: "MM/AA",
    cvc: "Código de segurança (CVV)",
    name: "Nome no cartão",
    pay: "Pagar",
    fix: "Verifique os campos destacados.",
    challengeTitle: "Verificação 3-D Secure — Sandbox PSP",
    challengeHeading: "Confirme que é você",
    challengeText: "Seu banco pede que você aprove este pagamento.",
    card: "Cartão",
    approve: "Aprovar",
    deny: "Recusar",
    notFoundTitle: "Pagamento não encontrado",
    notFoundText: "Este link de pagamento não é válido. Volte à loja e comece de novo.",
    errors: {
      number_required: "Digite o número do cartão.",
      number_invalid: "O número do cartão não é válido. Verifique os dígitos.",
      number_unsupported: "Esta bandeira de cartão não é aceita.",
      expiry_required: "Digite a data de validade.",
      expiry_invalid: "Digite a validade como MM/AA, com um mês de 01 a 12.",
      expiry_past: "Este cartão está vencido.",
      cvc_required: "Digite o código de segurança.",
      cvc_invalid: "O código de segurança tem 3 dígitos (4 no American Express).",
      name_required: "Digite o nome como aparece no cartão.",
      instalments_not_mexican: "As parcelas sem juros exigem um cartão de crédito emitido no México. Use outro cartão.",
      instalments_months_exceeded:
        "O banco que emitiu este cartão não oferece {months} parcelas sem juros. Use outro cartão.",
    },
    instalments: "{months} parcelas sem juros de {monthly}",
    backSinglePayment: "Pagar à vista",
    backToShop: "Voltar à loja",
    paypal: {
      title: "Entre na sua conta PayPal — PayPal Sandbox",
      sandbox: "Sandbox do PayPal: nenhum dinheiro real é movimentado.",
      heading: "Entre com sua conta sandbox do PayPal",
      email: "E-mail",
      merchant: "Pagar a",
      payNow: "Pagar agora",
      cancel: "Cancelar e voltar",
      emailInvalid: "Digite o e-mail de uma conta sandbox do PayPal.",
    },
  },
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1a1a2e;margin:0;padding:1.5rem}
main{max-width:26rem;margin:0 auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.35rem;margin:0 0 .5rem}.note{background:#fff4d6;padding:.5rem .75rem;border-radius:.5rem;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}dd{margin:0;font-weight:600}
label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;box-sizing:border-box;font-size:1.1rem;padding:.6rem;border:1px solid #767676;border-radius:.4rem;margin-top:.3rem}
input[aria-invalid=true]{border:2px solid #b00020}.error{color:#b00020;margin:.3rem 0 0}
button{margin-top:1.25rem;width:100%;font-size:1.1rem;padding:.75rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8;border:2px solid #1d4ed8}
.back{margin-top:1rem;text-align:center}.back a{color:#1d4ed8;font-weight:600}`;

// PayPal's look (navy header, yellow button), so nobody mistakes its page for the card page.
const PAYPAL_STYLE = `body{background:#f5f7fa}header.paypal{max-width:26rem;margin:0 auto 1rem;font:italic 800 1.8rem system-ui,sans-serif;color:#003087}
header.paypal span{color:#0070e0}.paypal-pay{background:#ffc439;color:#111;font-weight:700;border-radius:1.5rem}
.paypal-cancel{background:#fff;color:#003087;border:0;text-decoration:underline}`;

function page(language: Language, title: string, body: string, extraStyle = "", header = ""): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${STYLE}${extraStyle}</style></head><body>${header}<main>${body}</main></body></html>`;
}

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export interface CardPageInput {
  language: Language;
  action: string;
  amount: string;
  merchantReference: string;
  /** The months without interest the intent asks for, and each payment formatted; null: one payment. */
  instalments?: { months: number; monthly: string } | null;
  /** What the buyer typed, except the number and CVV, which are never echoed back. */
  values?: Pick<CardForm, "expiry" | "name">;
  /** The merchant's way back without paying; with a plan it reads "pay in a single payment instead". */
  cancelUrl?: string | null;
  errors?: Partial<Record<keyof CardForm, CardFieldError>>;
}

export function renderCardPage(input: CardPageInput): string {
  const text = HOSTED_PAGE_TEXT[input.language];
  const errors = input.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  const field = (name: keyof CardForm, label: string, attributes: string, value = "") => {
    const error = errors[name];
    const errorId = `${name}-error`;
    return `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}" required${
      error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ""
    }>${error ? `<p class="error" id="${errorId}">${escapeHtml(fill(text.errors[error], { months: input.instalments?.months ?? "" }))}</p>` : ""}`;
  };
  return page(
    input.language,
    text.title,
    `<h1>${escapeHtml(text.heading)}</h1><p class="note">${escapeHtml(text.sandbox)}</p>
<dl><dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(input.amount)}</dd><dt>${escapeHtml(text.reference)}</dt><dd>${escapeHtml(input.merchantReference)}</dd></dl>
${input.instalments ? `<p class="instalments"><strong>${escapeHtml(fill(text.instalments, { months: input.instalments.months, monthly: input.instalments.monthly }))}</strong></p>` : ""}
${hasErrors ? `<p class="error" role="alert">${escapeHtml(text.fix)}</p>` : ""}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field("number", text.number, 'inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
${field("expiry", text.expiry, `inputmode="numeric" autocomplete="cc-exp" placeholder="${escapeHtml(text.expiryPlaceholder)}" maxlength="7"`, input.values?.expiry ?? "")}
${field("cvc", text.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
${field("name", text.name, 'autocomplete="cc-name" maxlength="100"', input.values?.name ?? "")}
<button type="submit">${escapeHtml(text.pay)} ${escapeHtml(input.amount)}</button></form>
${input.cancelUrl ? `<p class="back"><a href="${escapeHtml(input.cancelUrl)}" data-testid="psp-back">${escapeHtml(input.instalments ? text.backSinglePayment : text.backToShop)}</a></p>` : ""}`,
  );
}

export function renderChallengePage(input: {
  language: Language;
  action: string;
  amount: string;
  last4: string;
}): string {
  const text = HOSTED_PAGE_TEXT[input.language];
  return page(
    input.language,
    text.challengeTitle,
    `<h1>${escapeHtml(text.challengeHeading)}</h1><p class="note">${escapeHtml(text.sandbox)}</p><p>${escapeHtml(text.challengeText)}</p>
<dl><dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(input.amount)}</dd><dt>${escapeHtml(text.card)}</dt><dd>•••• ${escapeHtml(input.last4)}</dd></dl>
<form method="post" action="${escapeHtml(input.action)}"><button type="submit" name="decision" value="approve">${escapeHtml(text.approve)}</button>
<button type="submit" name="decision" value="deny" class="secondary">${escapeHtml(text.deny)}</button></form>`,
  );
}

export function renderNotFoundPage(language: Language): string {
  const text = HOSTED_PAGE_TEXT[language];
  return page(
    language,
    text.notFoundTitle,
    `<h1>${escapeHtml(text.notFoundTitle)}</h1><p>${escapeHtml(text.notFoundText)}</p>`,
  );
}

export interface PayPalPageInput {
  language: Language;
  action: string;
  amount: string;
  merchantReference: string;
  /** The account offered (the sandbox buyer), or what the buyer typed when it was refused. */
  email: string;
  emailInvalid?: boolean;
}

/** The PayPal sandbox's approval page: log in (the e-mail is prefilled), then pay now or cancel. */
export function renderPayPalPage(input: PayPalPageInput): string {
  const text = HOSTED_PAGE_TEXT[input.language];
  const invalid = input.emailInvalid === true;
  return page(
    input.language,
    text.paypal.title,
    `<h1>${escapeHtml(text.paypal.heading)}</h1><p class="note">${escapeHtml(text.paypal.sandbox)}</p>
<dl><dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(input.amount)}</dd><dt>${escapeHtml(text.paypal.merchant)}</dt><dd>Travesía · ${escapeHtml(input.merchantReference)}</dd></dl>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="email">${escapeHtml(text.paypal.email)}</label><input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${escapeHtml(input.email)}"${
      invalid ? ' aria-invalid="true" aria-describedby="email-error"' : ""
    }>${invalid ? `<p class="error" id="email-error">${escapeHtml(text.paypal.emailInvalid)}</p>` : ""}
<button type="submit" name="decision" value="approve" class="paypal-pay">${escapeHtml(text.paypal.payNow)} ${escapeHtml(input.amount)}</button>
<button type="submit" name="decision" value="cancel" class="paypal-cancel">${escapeHtml(text.paypal.cancel)}</button></form>`,
    PAYPAL_STYLE,
    `<header class="paypal" aria-label="PayPal Sandbox">Pay<span>Pal</span> <small>sandbox</small></header>`,
  );
}
