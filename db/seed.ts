// Demo data for a fresh database, built with the same factories as the tests. Idempotent: rows that
// exist are left as they are (an operator's later edits win), so a second start changes nothing.
// Fares follow the public 2024 table of domain-facts.md (MXN); the operator sets the real ones.
import { fares, products } from "../modules/catalog/index.ts";
import { sites } from "../modules/site/index.ts";
import type { Database } from "../lib/db.ts";
import { buildFare, buildProduct, buildSite, pesos } from "../tests/factories/index.ts";

export const FERRY_PRODUCT_ID = 1901;
export const CATAMARAN_TOUR_ID = 1945;
export const CATAMARAN_FERRY_TOUR_ID = 1948;

export const SEED_PRODUCTS = [
  buildProduct({
    id: FERRY_PRODUCT_ID,
    code: "ferry-cancun-isla-mujeres",
    kind: "ferry",
    name: { es: "Ferry Cancún – Isla Mujeres", en: "Cancún – Isla Mujeres ferry", pt: "Ferry Cancún – Isla Mujeres" },
    summary: {
      es: "Cruce de 20 minutos en barco de dos cubiertas con aire acondicionado. Boleto abierto válido 6 meses.",
      en: "A 20-minute crossing on a two-deck, air-conditioned ferry. Open tickets valid for 6 months.",
      pt: "Travessia de 20 minutos em barco de dois andares com ar-condicionado. Bilhete aberto válido por 6 meses.",
    },
    image: "/images/products/ferry.svg",
    featured: true,
    sortOrder: 1,
  }),
  buildProduct({
    id: CATAMARAN_TOUR_ID,
    code: "catamaran-isla-mujeres",
    kind: "catamaran_tour",
    name: { es: "Catamarán a Isla Mujeres", en: "Catamaran to Isla Mujeres", pt: "Catamarã para Isla Mujeres" },
    summary: {
      es: "Navega, haz snorkel en el arrecife y disfruta comida y bebidas a bordo con tiempo libre en la isla.",
      en: "Sail, snorkel the reef and enjoy food and drinks on board, with free time on the island.",
      pt: "Navegue, faça snorkel no recife e aproveite comida e bebidas a bordo, com tempo livre na ilha.",
    },
    image: "/images/products/catamaran.svg",
    featured: true,
    sortOrder: 2,
  }),
  buildProduct({
    id: CATAMARAN_FERRY_TOUR_ID,
    code: "catamaran-ferry-isla-mujeres",
    kind: "catamaran_ferry_tour",
    name: { es: "Catamarán + Ferry", en: "Catamaran + Ferry", pt: "Catamarã + Ferry" },
    summary: {
      es: "Ida en catamarán con snorkel y regreso en ferry a la hora que prefieras.",
      en: "Out by catamaran with a snorkel stop, back by ferry at the time you choose.",
      pt: "Ida de catamarã com parada para snorkel e volta de ferry no horário que preferir.",
    },
    image: "/images/products/catamaran-ferry.svg",
    featured: true,
    sortOrder: 3,
  }),
  buildProduct({
    id: 101,
    code: "xcaret",
    kind: "park_admission",
    name: { es: "Xcaret", en: "Xcaret", pt: "Xcaret" },
    summary: {
      es: "Ríos subterráneos, cultura mexicana y el espectáculo nocturno. Abierto diario 8:30–22:30.",
      en: "Underground rivers, Mexican culture and the night show. Open daily 8:30–22:30.",
      pt: "Rios subterrâneos, cultura mexicana e o show noturno. Aberto diariamente 8:30–22:30.",
    },
    image: "/images/products/xcaret.svg",
    locationId: 1,
    featured: true,
    sortOrder: 4,
  }),
  buildProduct({
    id: 102,
    code: "xplor",
    kind: "park_admission",
    name: { es: "Xplor", en: "Xplor", pt: "Xplor" },
    summary: {
      es: "Tirolesas, vehículos anfibios y ríos en caverna. Lunes a sábado 9:00–17:00.",
      en: "Zip-lines, amphibious vehicles and cave rivers. Monday to Saturday 9:00–17:00.",
      pt: "Tirolesas, veículos anfíbios e rios em cavernas. Segunda a sábado 9:00–17:00.",
    },
    image: "/images/products/xplor.svg",
    locationId: 2,
    featured: true,
    sortOrder: 5,
  }),
  buildProduct({
    id: 107,
    code: "xenotes",
    kind: "park_tour",
    name: { es: "Xenotes", en: "Xenotes", pt: "Xenotes" },
    summary: {
      es: "Cuatro cenotes en un día: nado, kayak y tirolesas sobre el agua. Edad mínima 6 años.",
      en: "Four cenotes in one day: swimming, kayaking and zip-lines over the water. Minimum age 6.",
      pt: "Quatro cenotes em um dia: nado, caiaque e tirolesas sobre a água. Idade mínima 6 anos.",
    },
    image: "/images/products/xenotes.svg",
    locationId: 3,
    featured: true,
    sortOrder: 6,
  }),
];

const ferry = (category: "tourist" | "resident", passengerType: "adult" | "child", oneWay: number, roundTrip: number) => [
  buildFare({ productId: FERRY_PRODUCT_ID, category, passengerType, trip: "one_way", amountMinor: pesos(oneWay) }),
  buildFare({ productId: FERRY_PRODUCT_ID, category, passengerType, trip: "round_trip", amountMinor: pesos(roundTrip) }),
];

const activity = (productId: number, adult: number, child: number) => [
  buildFare({ productId, passengerType: "adult", amountMinor: pesos(adult) }),
  buildFare({ productId, passengerType: "child", amountMinor: pesos(child) }),
];

export const SEED_FARES = [
  ...ferry("tourist", "adult", 254, 509),
  ...ferry("tourist", "child", 125, 249),
  ...ferry("resident", "adult", 149, 299),
  ...ferry("resident", "child", 84, 170),
  ...activity(CATAMARAN_TOUR_ID, 1790, 1340),
  ...activity(CATAMARAN_FERRY_TOUR_ID, 1990, 1490),
  ...activity(101, 2599, 1299),
  ...activity(102, 2499, 1249),
  ...activity(107, 1999, 999),
];

export async function seed(db: Database, siteCode = "travesia"): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(sites).values(buildSite({ code: siteCode })).onConflictDoNothing();
    await tx.insert(products).values(SEED_PRODUCTS).onConflictDoNothing();
    await tx
      .insert(fares)
      .values(SEED_FARES)
      .onConflictDoNothing({ target: [fares.productId, fares.category, fares.passengerType, fares.trip] });
  });
}
