// The slug table: every page, keyed by page id and language. It is data — the single
// source for routes.ts, the language switcher, hreflang links, menus and the site map (productByCode, the
// one path with a segment, is listed there per product rather than as a page). A page is
// routed only when it has a module in PAGE_MODULES (see page-modules.ts), never as a placeholder.
import type { Language } from "../language.ts";

export type PageId =
  | "home"
  | "search"
  | "cart"
  | "cartThankYou"
  | "paymentDetails"
  | "paymentDetailsCoupon"
  | "manageBooking"
  | "auth"
  | "forgot"
  | "register"
  | "confirmEmail"
  | "account"
  | "ferry"
  | "routesSchedules"
  | "promotions"
  | "residentPromotions"
  | "faq"
  | "history"
  | "sustainability"
  | "cancun"
  | "islaMujeres"
  | "privacyNotice"
  | "termsOfUse"
  | "siteMap"
  | "newsletter"
  | "newsletterConfirmation"
  | "newsletterUnsubscribe"
  // The waiting list of a sold-out sailing: the join form, and where an offer's link lands (ADR 0037).
  | "waitlist"
  // One page per tour and park product (lib/routing/product-pages.ts says which product each shows).
  | "catamaranTour"
  | "catamaranFerryTour"
  | "xcaret"
  | "xplor"
  | "xplorFuego"
  | "xoximilco"
  | "xavage"
  | "xenses"
  | "xenotes"
  // Every other product on sale (one an operator added from the console), by its code in the path.
  | "productByCode";

export interface PageSlugs {
  paths: Record<Language, string>;
  /** Other paths that serve the same page. They are canonicalized to `paths`. */
  aliases?: Partial<Record<Language, readonly string[]>>;
}

export const PAGES: Record<PageId, PageSlugs> = {
  home: { paths: { es: "/es/", en: "/en/", pt: "/pt/" } },
  search: {
    paths: { es: "/es/busqueda/", en: "/en/search/", pt: "/pt/busca/" },
    aliases: { es: ["/es/resultado-de-busqueda/"], en: ["/en/search-results/"], pt: ["/pt/resultado-da-busca/"] },
  },
  cart: { paths: { es: "/es/carrito/", en: "/en/carrito/", pt: "/pt/carrito/" } },
  cartThankYou: { paths: { es: "/es/carrito/gracias/", en: "/en/carrito/thank-you/", pt: "/pt/carrito/obrigada/" } },
  paymentDetails: {
    paths: {
      es: "/es/carrito/detalles-pago/",
      en: "/en/carrito/payment-details/",
      pt: "/pt/carrito/detalhes-do-pagamento/",
    },
  },
  paymentDetailsCoupon: {
    paths: {
      es: "/es/carrito/detalles-pago-cupon/",
      en: "/en/carrito/payment-details-coupon/",
      pt: "/pt/carrito/cupom-do-detalhes-do-pagamento/",
    },
  },
  manageBooking: {
    paths: { es: "/es/carrito/mi-reserva/", en: "/en/carrito/my-booking/", pt: "/pt/carrito/minha-reserva/" },
  },
  auth: { paths: { es: "/es/auth/", en: "/en/auth/", pt: "/pt/auth/" } },
  forgot: { paths: { es: "/es/forgot/", en: "/en/forgot/", pt: "/pt/forgot/" } },
  register: { paths: { es: "/es/registro/", en: "/en/register/", pt: "/pt/cadastro/" } },
  confirmEmail: { paths: { es: "/es/confirmar-correo/", en: "/en/confirm-email/", pt: "/pt/confirmar-email/" } },
  account: { paths: { es: "/es/mi-cuenta/", en: "/en/my-account/", pt: "/pt/minha-conta/" } },
  ferry: { paths: { es: "/es/ferry-isla-mujeres/", en: "/en/ferry-isla-mujeres/", pt: "/pt/ferry-isla-mujeres/" } },
  routesSchedules: { paths: { es: "/es/rutas-horarios/", en: "/en/routes-schedules/", pt: "/pt/rotas-horarios/" } },
  promotions: { paths: { es: "/es/promociones/", en: "/en/promotions/", pt: "/pt/promocoes/" } },
  residentPromotions: {
    paths: {
      es: "/es/ferries-quintanarroenses/",
      en: "/en/quintana-roo-residents/",
      pt: "/pt/residentes-quintana-roo/",
    },
  },
  faq: { paths: { es: "/es/preguntas-frecuentes/", en: "/en/faqs/", pt: "/pt/perguntas-frequentes/" } },
  history: {
    paths: { es: "/es/historia-grupo-xcaret/", en: "/en/grupo-xcaret-history/", pt: "/pt/historia-grupo-xcaret/" },
  },
  sustainability: { paths: { es: "/es/sustentabilidad/", en: "/en/sustainability/", pt: "/pt/sustentabilidade/" } },
  cancun: { paths: { es: "/es/cancun/", en: "/en/cancun/", pt: "/pt/cancun/" } },
  islaMujeres: { paths: { es: "/es/isla-mujeres/", en: "/en/isla-mujeres/", pt: "/pt/isla-mujeres/" } },
  privacyNotice: {
    paths: { es: "/es/aviso-de-privacidad/", en: "/en/privacy-notice/", pt: "/pt/aviso-de-privacidade/" },
  },
  termsOfUse: { paths: { es: "/es/terminos-de-uso/", en: "/en/terms-of-use/", pt: "/pt/termos-de-uso/" } },
  siteMap: { paths: { es: "/es/mapa-de-sitio/", en: "/en/site-map/", pt: "/pt/mapa-do-site/" } },
  newsletter: { paths: { es: "/es/boletin/", en: "/en/newsletter/", pt: "/pt/newsletter/" } },
  newsletterConfirmation: {
    paths: { es: "/es/boletin/confirmacion/", en: "/en/newsletter/confirmation/", pt: "/pt/newsletter/confirmacao/" },
  },
  waitlist: { paths: { es: "/es/lista-de-espera/", en: "/en/waiting-list/", pt: "/pt/lista-de-espera/" } },
  newsletterUnsubscribe: {
    paths: { es: "/es/boletin/baja/", en: "/en/newsletter/unsubscribe/", pt: "/pt/newsletter/cancelar-inscricao/" },
  },
  catamaranTour: {
    paths: {
      es: "/es/tours/catamaran-isla-mujeres/",
      en: "/en/tours/catamaran-isla-mujeres/",
      pt: "/pt/passeios/catamara-isla-mujeres/",
    },
  },
  catamaranFerryTour: {
    paths: { es: "/es/tours/catamaran-ferry/", en: "/en/tours/catamaran-ferry/", pt: "/pt/passeios/catamara-ferry/" },
  },
  xcaret: { paths: { es: "/es/parques/xcaret/", en: "/en/parks/xcaret/", pt: "/pt/parques/xcaret/" } },
  xplor: { paths: { es: "/es/parques/xplor/", en: "/en/parks/xplor/", pt: "/pt/parques/xplor/" } },
  xplorFuego: {
    paths: { es: "/es/parques/xplor-fuego/", en: "/en/parks/xplor-fuego/", pt: "/pt/parques/xplor-fuego/" },
  },
  xoximilco: { paths: { es: "/es/parques/xoximilco/", en: "/en/parks/xoximilco/", pt: "/pt/parques/xoximilco/" } },
  xavage: { paths: { es: "/es/parques/xavage/", en: "/en/parks/xavage/", pt: "/pt/parques/xavage/" } },
  xenses: { paths: { es: "/es/parques/xenses/", en: "/en/parks/xenses/", pt: "/pt/parques/xenses/" } },
  xenotes: { paths: { es: "/es/parques/xenotes/", en: "/en/parks/xenotes/", pt: "/pt/parques/xenotes/" } },
  // The one page with a segment: the product's code stands for `:code` (localized-paths.ts fills and reads it).
  // The fixed tour pages above sit under the same prefix; the router prefers their exact paths.
  productByCode: { paths: { es: "/es/tours/:code/", en: "/en/tours/:code/", pt: "/pt/passeios/:code/" } },
};

export const PAGE_IDS = Object.keys(PAGES) as PageId[];
