// The content slots of the site: the home banner and the promotions banner. A visitor
// the edge places in Quintana Roo gets the residents' promotion, a returning visitor with products in
// the cart a reminder, anyone else the default. Version 2 of the home banner is a draft, seen only in
// preview. Paths are the slug table's (lib/routing/pages.ts).
import { HOME_BANNER_SLOT, PROMOTIONS_BANNER_SLOT } from "../lib/routing/content-slots.ts";
import type { Language } from "../lib/language.ts";
import type { SlotContent, SlotDefinition } from "../modules/personalization/index.ts";

/** Quintana Roo's ISO 3166-2 code (MX-ROO), as CloudFront-Viewer-Country-Region gives it. */
export const RESIDENT_AUDIENCE = { "==": [{ var: "location.state" }, "ROO"] };
export const CART_REMINDER_AUDIENCE = { and: [{ var: "visitor.returning" }, { ">": [{ var: "cart.items" }, 0] }] };

const RESIDENT: Record<Language, SlotContent> = {
  es: {
    tone: "resident",
    eyebrow: "Residentes de Quintana Roo",
    title: "Tu tarifa de residente te espera",
    bodyHtml:
      "<p>Con tu identificación de Quintana Roo cruzas a Isla Mujeres con <strong>tarifa preferencial</strong> todo el año.</p>",
    cta: { label: "Ver promociones para residentes", href: "/es/ferries-quintanarroenses/" },
  },
  en: {
    tone: "resident",
    eyebrow: "Quintana Roo residents",
    title: "Your resident fare is waiting",
    bodyHtml:
      "<p>With a Quintana Roo ID you cross to Isla Mujeres at a <strong>preferential fare</strong> all year round.</p>",
    cta: { label: "See resident promotions", href: "/en/quintana-roo-residents/" },
  },
  pt: {
    tone: "resident",
    eyebrow: "Residentes de Quintana Roo",
    title: "Sua tarifa de residente está à sua espera",
    bodyHtml:
      "<p>Com um documento de Quintana Roo, você atravessa para Isla Mujeres com <strong>tarifa preferencial</strong> o ano todo.</p>",
    cta: { label: "Ver promoções para residentes", href: "/pt/residentes-quintana-roo/" },
  },
};

const CART_REMINDER: Record<Language, SlotContent> = {
  es: {
    tone: "cart",
    eyebrow: "Tu carrito te espera",
    title: "Aún tienes boletos en tu carrito",
    bodyHtml: "<p>Guardamos tu selección. Termina tu compra antes de que se agoten los lugares.</p>",
    cta: { label: "Ir a mi carrito", href: "/es/carrito/" },
  },
  en: {
    tone: "cart",
    eyebrow: "Your cart is waiting",
    title: "You still have tickets in your cart",
    bodyHtml: "<p>We kept your selection. Finish your purchase before the seats run out.</p>",
    cta: { label: "Go to my cart", href: "/en/carrito/" },
  },
  pt: {
    tone: "cart",
    eyebrow: "Seu carrinho está à espera",
    title: "Você ainda tem passagens no carrinho",
    bodyHtml: "<p>Guardamos a sua seleção. Conclua a compra antes que os lugares se esgotem.</p>",
    cta: { label: "Ir para o meu carrinho", href: "/pt/carrito/" },
  },
};

const HOME_DEFAULT: Record<Language, SlotContent> = {
  es: {
    tone: "default",
    eyebrow: "Promociones",
    title: "Cruza a Isla Mujeres por menos",
    bodyHtml: "<p>Compra en línea con anticipación y ahorra con nuestras <strong>tarifas de preventa</strong>.</p>",
    cta: { label: "Ver promociones", href: "/es/promociones/" },
  },
  en: {
    tone: "default",
    eyebrow: "Promotions",
    title: "Cross to Isla Mujeres for less",
    bodyHtml: "<p>Book online in advance and save with our <strong>presale fares</strong>.</p>",
    cta: { label: "See promotions", href: "/en/promotions/" },
  },
  pt: {
    tone: "default",
    eyebrow: "Promoções",
    title: "Atravesse para Isla Mujeres por menos",
    bodyHtml: "<p>Compre on-line com antecedência e economize com as nossas <strong>tarifas de pré-venda</strong>.</p>",
    cta: { label: "Ver promoções", href: "/pt/promocoes/" },
  },
};

const HOME_DRAFT: Record<Language, SlotContent> = {
  es: {
    tone: "default",
    eyebrow: "Boletos digitales",
    title: "Compra en línea y aborda con tu código QR",
    bodyHtml: "<p>Sin filas en taquilla: muestra el código de tu boleto en el muelle.</p>",
    cta: { label: "Comprar ferry", href: "/es/ferry-isla-mujeres/" },
  },
  en: {
    tone: "default",
    eyebrow: "Digital tickets",
    title: "Buy online and board with your QR code",
    bodyHtml: "<p>No ticket office queues: show your ticket's code at the pier.</p>",
    cta: { label: "Buy ferry tickets", href: "/en/ferry-isla-mujeres/" },
  },
  pt: {
    tone: "default",
    eyebrow: "Passagens digitais",
    title: "Compre on-line e embarque com o seu código QR",
    bodyHtml: "<p>Sem filas na bilheteria: mostre o código da sua passagem no cais.</p>",
    cta: { label: "Comprar ferry", href: "/pt/ferry-isla-mujeres/" },
  },
};

const PROMOTIONS_DEFAULT: Record<Language, SlotContent> = {
  es: {
    tone: "default",
    eyebrow: "Preventa",
    title: "Reserva con 7 o 21 días de anticipación y paga menos",
    bodyHtml: "<p>Cuanto antes compres tu ferry, mejor precio: la tarifa de preventa se aplica sola al pagar.</p>",
    cta: { label: "Comprar ferry", href: "/es/ferry-isla-mujeres/" },
  },
  en: {
    tone: "default",
    eyebrow: "Presale",
    title: "Book 7 or 21 days ahead and pay less",
    bodyHtml:
      "<p>The earlier you buy your ferry, the better the price: the presale fare applies by itself at checkout.</p>",
    cta: { label: "Buy ferry tickets", href: "/en/ferry-isla-mujeres/" },
  },
  pt: {
    tone: "default",
    eyebrow: "Pré-venda",
    title: "Reserve com 7 ou 21 dias de antecedência e pague menos",
    bodyHtml:
      "<p>Quanto antes você comprar o seu ferry, melhor o preço: a tarifa de pré-venda é aplicada sozinha no pagamento.</p>",
    cta: { label: "Comprar ferry", href: "/pt/ferry-isla-mujeres/" },
  },
};

const LANGUAGES: Language[] = ["es", "en", "pt"];

function personalizedVariants(fallback: Record<Language, SlotContent>) {
  return LANGUAGES.flatMap((locale) => [
    { locale, position: 1, name: "resident", audience: RESIDENT_AUDIENCE, content: RESIDENT[locale] },
    { locale, position: 2, name: "cart-reminder", audience: CART_REMINDER_AUDIENCE, content: CART_REMINDER[locale] },
    { locale, position: 3, name: "default", audience: null, content: fallback[locale] },
  ]);
}

export const SEED_SLOTS: SlotDefinition[] = [
  {
    id: HOME_BANNER_SLOT,
    position: HOME_BANNER_SLOT,
    description: "Home page banner, below the ferry booking widget",
    versions: [
      { version: 1, status: "published", variants: personalizedVariants(HOME_DEFAULT) },
      {
        version: 2,
        status: "draft",
        variants: LANGUAGES.map((locale) => ({
          locale,
          position: 1,
          name: "default",
          audience: null,
          content: HOME_DRAFT[locale],
        })),
      },
    ],
  },
  {
    id: PROMOTIONS_BANNER_SLOT,
    position: PROMOTIONS_BANNER_SLOT,
    description: "Promotions page banner, above the page's text",
    versions: [{ version: 1, status: "published", variants: personalizedVariants(PROMOTIONS_DEFAULT) }],
  },
];
