// Which pages exist: page id → route module. Adding a page = writing its module and one line here.
import type { PageId } from "./pages.ts";

export const PAGE_MODULES: Partial<Record<PageId, string>> = {
  home: "routes/home.tsx",
  cart: "routes/cart-page.tsx",
  paymentDetails: "routes/payment-details.tsx",
  // The same checkout, in its coupon variant (the loader tells them apart by the path).
  paymentDetailsCoupon: "routes/payment-details.tsx",
  cartThankYou: "routes/thank-you.tsx",
  manageBooking: "routes/manage-booking.tsx",
  search: "routes/search.tsx",
  ferry: "routes/ferry-page.tsx",
  promotions: "routes/promotions-page.tsx",
  residentPromotions: "routes/content-page.tsx",
  faq: "routes/content-page.tsx",
  history: "routes/content-page.tsx",
  sustainability: "routes/content-page.tsx",
  cancun: "routes/content-page.tsx",
  islaMujeres: "routes/content-page.tsx",
  privacyNotice: "routes/content-page.tsx",
  termsOfUse: "routes/content-page.tsx",
  siteMap: "routes/site-map.tsx",
  routesSchedules: "routes/routes-schedules.tsx",
  catamaranTour: "routes/product-page.tsx",
  catamaranFerryTour: "routes/product-page.tsx",
  xcaret: "routes/product-page.tsx",
  xplor: "routes/product-page.tsx",
  xplorFuego: "routes/product-page.tsx",
  xoximilco: "routes/product-page.tsx",
  xavage: "routes/product-page.tsx",
  xenses: "routes/product-page.tsx",
  xenotes: "routes/product-page.tsx",
};
