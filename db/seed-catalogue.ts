// Demo catalogue and timetable: the crossing El Embarcadero (Cancún hotel zone, km 4) ↔ Isla Mujeres,
// two vessels, a timetable by weekday and season, the catamaran tours, the seven parks with their
// hours and daily capacity, admission-versus-tour complements, fares, age bands and presale tiers.
// Figures are demo values (domain-facts.md); the operator changes them as data, without code.
import type { LocalizedText } from "../lib/db.ts";
import {
  buildActivity,
  buildActivityHours,
  buildComplement,
  buildCrossing,
  buildFare,
  buildPassengerType,
  buildPort,
  buildPresaleTier,
  buildProduct,
  buildTimetableRule,
  buildVessel,
  pesos,
} from "../tests/factories/index.ts";

export const FERRY_PRODUCT_ID = 1901;
export const CATAMARAN_TOUR_ID = 1945;
export const CATAMARAN_FERRY_TOUR_ID = 1948;

export const PORT_CANCUN = 1;
export const PORT_ISLA_MUJERES = 2;
export const CROSSING_TO_ISLA = 1;
export const CROSSING_TO_CANCUN = 2;
export const CROSSING_TO_ISLA_CODE = "cancun-isla-mujeres";
export const CROSSING_TO_CANCUN_CODE = "isla-mujeres-cancun";
export const VESSEL_SMALL = 1;
export const VESSEL_LARGE = 2;
export const VESSEL_SMALL_RETURN = 3;
export const VESSEL_WEEKEND = 4;
export const VESSEL_WEEKEND_RETURN = 5;
export const VESSEL_HIGH_SEASON_RETURN = 6;
export const ACTIVITY_CATAMARAN = 1;

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];
const MON_SAT = [1, 2, 3, 4, 5, 6];

export const SEED_PORTS = [
  buildPort({
    id: PORT_CANCUN,
    code: "cancun-el-embarcadero",
    name: { es: "Cancún · El Embarcadero", en: "Cancún · El Embarcadero", pt: "Cancún · El Embarcadero" },
    place: {
      es: "Zona hotelera km 4, Cancún",
      en: "Hotel zone km 4, Cancún",
      pt: "Zona hoteleira km 4, Cancún",
    },
    latitude: 21.14655,
    longitude: -86.79177,
  }),
  buildPort({
    id: PORT_ISLA_MUJERES,
    code: "isla-mujeres",
    name: { es: "Isla Mujeres", en: "Isla Mujeres", pt: "Isla Mujeres" },
    place: {
      es: "Muelle de pasajeros, centro de Isla Mujeres",
      en: "Passenger pier, downtown Isla Mujeres",
      pt: "Píer de passageiros, centro de Isla Mujeres",
    },
    latitude: 21.25883,
    longitude: -86.74983,
  }),
];

export const SEED_CROSSINGS = [
  buildCrossing({
    id: CROSSING_TO_ISLA,
    code: CROSSING_TO_ISLA_CODE,
    fromPortId: PORT_CANCUN,
    toPortId: PORT_ISLA_MUJERES,
    durationMinutes: 25,
    sortOrder: 1,
  }),
  buildCrossing({
    id: CROSSING_TO_CANCUN,
    code: CROSSING_TO_CANCUN_CODE,
    fromPortId: PORT_ISLA_MUJERES,
    toPortId: PORT_CANCUN,
    durationMinutes: 25,
    sortOrder: 2,
  }),
];

export const SEED_VESSELS = [
  buildVessel({ id: VESSEL_SMALL, code: "caribe-1", name: "Caribe I", capacity: 350 }),
  buildVessel({ id: VESSEL_LARGE, code: "isla-bella", name: "Isla Bella", capacity: 650 }),
  // One vessel per rule that sails beside another: a vessel cannot sail twice at once (ADR 0038), and
  // the return crossing leaves before the outbound vessel is back.
  buildVessel({ id: VESSEL_SMALL_RETURN, code: "caribe-2", name: "Caribe II", capacity: 350 }),
  buildVessel({ id: VESSEL_WEEKEND, code: "isla-blanca", name: "Isla Blanca", capacity: 650 }),
  buildVessel({ id: VESSEL_WEEKEND_RETURN, code: "isla-contoy", name: "Isla Contoy", capacity: 650 }),
  buildVessel({ id: VESSEL_HIGH_SEASON_RETURN, code: "isla-bonita", name: "Isla Bonita", capacity: 650 }),
];

/**
 * The hotel-zone pier sails hourly in low season and every 30 minutes at weekends; in high season
 * (15 December – 7 January, Easter fortnight, July–August) every 30 minutes on the larger vessel.
 * Each high-season rule has priority 10, so it replaces the regular timetable on its days.
 */
export const SEED_TIMETABLE = [
  // Cancún → Isla Mujeres
  buildTimetableRule({
    id: 1,
    crossingId: CROSSING_TO_ISLA,
    vesselId: VESSEL_SMALL,
    firstDeparture: "09:00",
    lastDeparture: "17:00",
    intervalMinutes: 60,
    note: "Regular timetable",
  }),
  buildTimetableRule({
    id: 2,
    crossingId: CROSSING_TO_ISLA,
    vesselId: VESSEL_WEEKEND,
    weekdays: [6, 7],
    firstDeparture: "09:30",
    lastDeparture: "16:30",
    intervalMinutes: 60,
    note: "Weekend extra departures",
  }),
  buildTimetableRule({
    id: 3,
    crossingId: CROSSING_TO_ISLA,
    vesselId: VESSEL_LARGE,
    seasonStart: "12-15",
    seasonEnd: "01-07",
    firstDeparture: "08:30",
    lastDeparture: "18:00",
    intervalMinutes: 30,
    priority: 10,
    note: "High season: Christmas and New Year",
  }),
  buildTimetableRule({
    id: 4,
    crossingId: CROSSING_TO_ISLA,
    vesselId: VESSEL_LARGE,
    seasonStart: "07-01",
    seasonEnd: "08-31",
    firstDeparture: "08:30",
    lastDeparture: "18:00",
    intervalMinutes: 30,
    priority: 10,
    note: "High season: summer holidays",
  }),
  // Isla Mujeres → Cancún
  buildTimetableRule({
    id: 5,
    crossingId: CROSSING_TO_CANCUN,
    vesselId: VESSEL_SMALL_RETURN,
    firstDeparture: "09:45",
    lastDeparture: "17:45",
    intervalMinutes: 60,
    note: "Regular timetable",
  }),
  buildTimetableRule({
    id: 6,
    crossingId: CROSSING_TO_CANCUN,
    vesselId: VESSEL_WEEKEND_RETURN,
    weekdays: [6, 7],
    firstDeparture: "10:15",
    lastDeparture: "18:15",
    intervalMinutes: 60,
    note: "Weekend extra departures",
  }),
  buildTimetableRule({
    id: 7,
    crossingId: CROSSING_TO_CANCUN,
    vesselId: VESSEL_HIGH_SEASON_RETURN,
    seasonStart: "12-15",
    seasonEnd: "01-07",
    firstDeparture: "09:15",
    lastDeparture: "19:15",
    intervalMinutes: 30,
    priority: 10,
    note: "High season: Christmas and New Year",
  }),
  buildTimetableRule({
    id: 8,
    crossingId: CROSSING_TO_CANCUN,
    vesselId: VESSEL_HIGH_SEASON_RETURN,
    seasonStart: "07-01",
    seasonEnd: "08-31",
    firstDeparture: "09:15",
    lastDeparture: "19:15",
    intervalMinutes: 30,
    priority: 10,
    note: "High season: summer holidays",
  }),
];

interface ParkSeed {
  key: string;
  name: string;
  admissionId: number;
  tourId: number;
  activityId: number;
  locationId: number;
  capacity: number;
  hours: { weekdays: number[]; opens: string; closes: string };
  minAge: number | null;
  /** Tourist adult, tourist child (admission), then the tour's. MXN. */
  admission: [number, number];
  tour: [number, number];
  businessUnitCode: string;
  image: string;
  summary: LocalizedText;
  tourSummary: LocalizedText;
  title: LocalizedText;
  subtitle: LocalizedText;
  text: LocalizedText;
  imageAlt: LocalizedText;
}

/** Resident fares of parks and tours: about 30 % off, rounded to a price ending in 9. */
function residentOf(amount: number): number {
  return Math.round((amount * 0.7) / 10) * 10 - 1;
}

const PARKS: ParkSeed[] = [
  {
    key: "xcaret",
    name: "Xcaret",
    admissionId: 101,
    tourId: 201,
    activityId: 11,
    locationId: 1,
    capacity: 5000,
    hours: { weekdays: ALL_WEEK, opens: "08:30", closes: "22:30" },
    minAge: null,
    admission: [2599, 1299],
    tour: [3499, 1749],
    businessUnitCode: "XC",
    image: "/images/products/xcaret.svg",
    summary: {
      es: "Ríos subterráneos, cultura mexicana y el espectáculo nocturno. Abierto diario 8:30–22:30.",
      en: "Underground rivers, Mexican culture and the night show. Open daily 8:30–22:30.",
      pt: "Rios subterrâneos, cultura mexicana e o show noturno. Aberto diariamente 8:30–22:30.",
    },
    tourSummary: {
      es: "Entrada a Xcaret con transporte redondo desde tu hotel en Cancún y buffet.",
      en: "Xcaret admission with round-trip transport from your Cancún hotel and buffet lunch.",
      pt: "Entrada no Xcaret com transporte de ida e volta do seu hotel em Cancún e almoço buffet.",
    },
    title: { es: "Xcaret: entrada o tour", en: "Xcaret: admission or tour", pt: "Xcaret: entrada ou passeio" },
    subtitle: {
      es: "Agrega el transporte y el buffet con el tour",
      en: "Add transport and lunch with the tour",
      pt: "Adicione transporte e almoço com o passeio",
    },
    text: {
      es: "<p>La <strong>entrada</strong> incluye ríos subterráneos, playa, aviario y el espectáculo <em>Xcaret México Espectacular</em>.</p><ul><li>El <strong>tour</strong> suma transporte redondo desde la zona hotelera y buffet.</li><li>Niños de 0 a 4 años entran gratis.</li></ul>",
      en: "<p>The <strong>admission</strong> includes underground rivers, beach, aviary and the <em>Xcaret México Espectacular</em> show.</p><ul><li>The <strong>tour</strong> adds round-trip transport from the hotel zone and a buffet lunch.</li><li>Children aged 0 to 4 enter free.</li></ul>",
      pt: "<p>A <strong>entrada</strong> inclui rios subterrâneos, praia, aviário e o show <em>Xcaret México Espectacular</em>.</p><ul><li>O <strong>passeio</strong> acrescenta transporte de ida e volta da zona hoteleira e almoço buffet.</li><li>Crianças de 0 a 4 anos entram grátis.</li></ul>",
    },
    imageAlt: {
      es: "Ilustración de un río entre la selva y una pirámide en Xcaret",
      en: "Illustration of a river through the jungle and a pyramid at Xcaret",
      pt: "Ilustração de um rio na selva e uma pirâmide no Xcaret",
    },
  },
  {
    key: "xplor",
    name: "Xplor",
    admissionId: 102,
    tourId: 202,
    activityId: 12,
    locationId: 2,
    capacity: 2500,
    hours: { weekdays: MON_SAT, opens: "09:00", closes: "17:00" },
    minAge: 5,
    admission: [2499, 1249],
    tour: [3299, 1649],
    businessUnitCode: "XP",
    image: "/images/products/xplor.svg",
    summary: {
      es: "Tirolesas, vehículos anfibios y ríos en caverna. Lunes a sábado 9:00–17:00.",
      en: "Zip-lines, amphibious vehicles and cave rivers. Monday to Saturday 9:00–17:00.",
      pt: "Tirolesas, veículos anfíbios e rios em cavernas. Segunda a sábado 9:00–17:00.",
    },
    tourSummary: {
      es: "Xplor con transporte redondo desde Cancún: tirolesas, anfibios y buffet ilimitado.",
      en: "Xplor with round-trip transport from Cancún: zip-lines, amphibious vehicles and an all-you-can-eat buffet.",
      pt: "Xplor com transporte de ida e volta de Cancún: tirolesas, anfíbios e buffet à vontade.",
    },
    title: { es: "Xplor: entrada o tour", en: "Xplor: admission or tour", pt: "Xplor: entrada ou passeio" },
    subtitle: {
      es: "Aventura sobre la selva, con o sin transporte",
      en: "Adventure above the jungle, with or without transport",
      pt: "Aventura sobre a selva, com ou sem transporte",
    },
    text: {
      es: "<p>Catorce tirolesas, vehículos anfibios, nado en río subterráneo y buffet.</p><ul><li>El <strong>tour</strong> agrega transporte redondo desde Cancún.</li><li>Edad mínima recomendada: 5 años.</li></ul>",
      en: "<p>Fourteen zip-lines, amphibious vehicles, an underground river swim and a buffet.</p><ul><li>The <strong>tour</strong> adds round-trip transport from Cancún.</li><li>Minimum recommended age: 5.</li></ul>",
      pt: "<p>Catorze tirolesas, veículos anfíbios, nado em rio subterrâneo e buffet.</p><ul><li>O <strong>passeio</strong> acrescenta transporte de ida e volta de Cancún.</li><li>Idade mínima recomendada: 5 anos.</li></ul>",
    },
    imageAlt: {
      es: "Ilustración de personas en tirolesa sobre la selva",
      en: "Illustration of people zip-lining over the jungle",
      pt: "Ilustração de pessoas na tirolesa sobre a selva",
    },
  },
  {
    key: "xplor-fuego",
    name: "Xplor Fuego",
    admissionId: 103,
    tourId: 203,
    activityId: 13,
    locationId: 5,
    capacity: 1200,
    hours: { weekdays: MON_SAT, opens: "17:30", closes: "23:00" },
    minAge: 5,
    admission: [1999, 999],
    tour: [2799, 1399],
    businessUnitCode: "XF",
    image: "/images/products/xplor-fuego.svg",
    summary: {
      es: "Tirolesas y anfibios de noche, entre antorchas. Lunes a sábado 17:30–23:00.",
      en: "Zip-lines and amphibious vehicles at night, among torches. Monday to Saturday 17:30–23:00.",
      pt: "Tirolesas e anfíbios à noite, entre tochas. Segunda a sábado 17:30–23:00.",
    },
    tourSummary: {
      es: "Xplor Fuego con transporte redondo desde Cancún y cena buffet.",
      en: "Xplor Fuego with round-trip transport from Cancún and a buffet dinner.",
      pt: "Xplor Fuego com transporte de ida e volta de Cancún e jantar buffet.",
    },
    title: {
      es: "Xplor Fuego: entrada o tour",
      en: "Xplor Fuego: admission or tour",
      pt: "Xplor Fuego: entrada ou passeio",
    },
    subtitle: {
      es: "La aventura cuando cae la noche",
      en: "Adventure after dark",
      pt: "A aventura quando a noite cai",
    },
    text: {
      es: "<p>Tirolesas, balsas y anfibios iluminados por fuego, con cena buffet.</p><ul><li>El <strong>tour</strong> agrega transporte redondo desde Cancún.</li><li>Edad mínima recomendada: 5 años.</li></ul>",
      en: "<p>Zip-lines, rafts and amphibious vehicles lit by fire, with a buffet dinner.</p><ul><li>The <strong>tour</strong> adds round-trip transport from Cancún.</li><li>Minimum recommended age: 5.</li></ul>",
      pt: "<p>Tirolesas, balsas e anfíbios iluminados por fogo, com jantar buffet.</p><ul><li>O <strong>passeio</strong> acrescenta transporte de ida e volta de Cancún.</li><li>Idade mínima recomendada: 5 anos.</li></ul>",
    },
    imageAlt: {
      es: "Ilustración de antorchas y una tirolesa en la selva de noche",
      en: "Illustration of torches and a zip-line in the jungle at night",
      pt: "Ilustração de tochas e uma tirolesa na selva à noite",
    },
  },
  {
    key: "xoximilco",
    name: "Xoximilco",
    admissionId: 104,
    tourId: 204,
    activityId: 14,
    locationId: 6,
    capacity: 1500,
    hours: { weekdays: ALL_WEEK, opens: "19:00", closes: "23:00" },
    minAge: 5,
    admission: [1899, 949],
    tour: [2599, 1299],
    businessUnitCode: "XO",
    image: "/images/products/xoximilco.svg",
    summary: {
      es: "Fiesta mexicana en trajinera con mariachi y cena. Diario 19:00–23:00.",
      en: "A Mexican fiesta on a trajinera boat with mariachi and dinner. Daily 19:00–23:00.",
      pt: "Festa mexicana em trajinera com mariachi e jantar. Diariamente 19:00–23:00.",
    },
    tourSummary: {
      es: "Xoximilco con transporte redondo desde Cancún, cena y barra libre.",
      en: "Xoximilco with round-trip transport from Cancún, dinner and open bar.",
      pt: "Xoximilco com transporte de ida e volta de Cancún, jantar e open bar.",
    },
    title: { es: "Xoximilco: entrada o tour", en: "Xoximilco: admission or tour", pt: "Xoximilco: entrada ou passeio" },
    subtitle: {
      es: "Música, canales y cocina mexicana",
      en: "Music, canals and Mexican food",
      pt: "Música, canais e comida mexicana",
    },
    text: {
      es: "<p>Recorre canales en trajinera con música en vivo y cocina típica.</p><ul><li>El <strong>tour</strong> agrega transporte redondo desde Cancún.</li><li>Edad mínima recomendada: 5 años.</li></ul>",
      en: "<p>Float along canals on a trajinera with live music and traditional food.</p><ul><li>The <strong>tour</strong> adds round-trip transport from Cancún.</li><li>Minimum recommended age: 5.</li></ul>",
      pt: "<p>Percorra canais de trajinera com música ao vivo e comida típica.</p><ul><li>O <strong>passeio</strong> acrescenta transporte de ida e volta de Cancún.</li><li>Idade mínima recomendada: 5 anos.</li></ul>",
    },
    imageAlt: {
      es: "Ilustración de trajineras de colores en un canal de noche",
      en: "Illustration of colourful trajinera boats on a canal at night",
      pt: "Ilustração de trajineras coloridas em um canal à noite",
    },
  },
  {
    key: "xavage",
    name: "Xavage",
    admissionId: 105,
    tourId: 205,
    activityId: 15,
    locationId: 7,
    capacity: 800,
    hours: { weekdays: MON_SAT, opens: "08:30", closes: "17:00" },
    minAge: 5,
    admission: [2899, 1449],
    tour: [3699, 1849],
    businessUnitCode: "XV",
    image: "/images/products/xavage.svg",
    summary: {
      es: "Rápidos, monster trucks y puentes colgantes. Lunes a sábado 8:30–17:00.",
      en: "White-water rapids, monster trucks and rope bridges. Monday to Saturday 8:30–17:00.",
      pt: "Corredeiras, monster trucks e pontes suspensas. Segunda a sábado 8:30–17:00.",
    },
    tourSummary: {
      es: "Xavage con transporte redondo desde Cancún y comida incluida.",
      en: "Xavage with round-trip transport from Cancún and lunch included.",
      pt: "Xavage com transporte de ida e volta de Cancún e almoço incluído.",
    },
    title: { es: "Xavage: entrada o tour", en: "Xavage: admission or tour", pt: "Xavage: entrada ou passeio" },
    subtitle: {
      es: "Adrenalina en tierra, agua y aire",
      en: "Adrenaline on land, water and air",
      pt: "Adrenalina em terra, água e ar",
    },
    text: {
      es: "<p>Rafting en rápidos, kayak, monster trucks y circuito de cuerdas.</p><ul><li>El <strong>tour</strong> agrega transporte redondo desde Cancún.</li><li>Edad mínima recomendada: 5 años.</li></ul>",
      en: "<p>White-water rafting, kayaks, monster trucks and a ropes course.</p><ul><li>The <strong>tour</strong> adds round-trip transport from Cancún.</li><li>Minimum recommended age: 5.</li></ul>",
      pt: "<p>Rafting em corredeiras, caiaque, monster trucks e circuito de cordas.</p><ul><li>O <strong>passeio</strong> acrescenta transporte de ida e volta de Cancún.</li><li>Idade mínima recomendada: 5 anos.</li></ul>",
    },
    imageAlt: {
      es: "Ilustración de una balsa en rápidos entre rocas",
      en: "Illustration of a raft on rapids between rocks",
      pt: "Ilustração de um bote em corredeiras entre rochas",
    },
  },
  {
    key: "xenses",
    name: "Xenses",
    admissionId: 106,
    tourId: 206,
    activityId: 16,
    locationId: 8,
    capacity: 1500,
    hours: { weekdays: MON_SAT, opens: "08:30", closes: "17:00" },
    minAge: 5,
    admission: [1599, 799],
    tour: [2299, 1149],
    businessUnitCode: "XS",
    image: "/images/products/xenses.svg",
    summary: {
      es: "Un parque que engaña a tus sentidos: pueblo al revés y río de lodo. Lunes a sábado 8:30–17:00.",
      en: "A park that plays tricks on your senses: an upside-down village and a mud river. Monday to Saturday 8:30–17:00.",
      pt: "Um parque que engana os sentidos: vila de cabeça para baixo e rio de lama. Segunda a sábado 8:30–17:00.",
    },
    tourSummary: {
      es: "Xenses con transporte redondo desde Cancún.",
      en: "Xenses with round-trip transport from Cancún.",
      pt: "Xenses com transporte de ida e volta de Cancún.",
    },
    title: { es: "Xenses: entrada o tour", en: "Xenses: admission or tour", pt: "Xenses: entrada ou passeio" },
    subtitle: { es: "Juega con tus sentidos", en: "Play with your senses", pt: "Brinque com os seus sentidos" },
    text: {
      es: "<p>Dos circuitos de ilusiones, toboganes y un río de lodo.</p><ul><li>El <strong>tour</strong> agrega transporte redondo desde Cancún.</li><li>Edad mínima recomendada: 5 años.</li></ul>",
      en: "<p>Two circuits of illusions, slides and a mud river.</p><ul><li>The <strong>tour</strong> adds round-trip transport from Cancún.</li><li>Minimum recommended age: 5.</li></ul>",
      pt: "<p>Dois circuitos de ilusões, tobogãs e um rio de lama.</p><ul><li>O <strong>passeio</strong> acrescenta transporte de ida e volta de Cancún.</li><li>Idade mínima recomendada: 5 anos.</li></ul>",
    },
    imageAlt: {
      es: "Ilustración de una casa de cabeza bajo un cielo de colores",
      en: "Illustration of an upside-down house under a colourful sky",
      pt: "Ilustração de uma casa de cabeça para baixo sob um céu colorido",
    },
  },
  {
    key: "xenotes",
    name: "Xenotes",
    admissionId: 107,
    tourId: 207,
    activityId: 17,
    locationId: 3,
    capacity: 300,
    hours: { weekdays: MON_SAT, opens: "08:00", closes: "17:00" },
    minAge: 6,
    admission: [1999, 999],
    tour: [2799, 1399],
    businessUnitCode: "XN",
    image: "/images/products/xenotes.svg",
    summary: {
      es: "Cuatro cenotes en un día: nado, kayak y tirolesas sobre el agua. Edad mínima 6 años.",
      en: "Four cenotes in one day: swimming, kayaking and zip-lines over the water. Minimum age 6.",
      pt: "Quatro cenotes em um dia: nado, caiaque e tirolesas sobre a água. Idade mínima 6 anos.",
    },
    tourSummary: {
      es: "Xenotes con transporte redondo desde Cancún, comida y equipo.",
      en: "Xenotes with round-trip transport from Cancún, lunch and gear.",
      pt: "Xenotes com transporte de ida e volta de Cancún, almoço e equipamento.",
    },
    title: { es: "Xenotes: entrada o tour", en: "Xenotes: admission or tour", pt: "Xenotes: entrada ou passeio" },
    subtitle: {
      es: "Cuatro cenotes, cuatro elementos",
      en: "Four cenotes, four elements",
      pt: "Quatro cenotes, quatro elementos",
    },
    text: {
      es: "<p>Nada, rapelea y haz kayak en cuatro cenotes de la selva maya.</p><ul><li>El <strong>tour</strong> agrega transporte redondo desde Cancún y comida.</li><li>Niños de 6 a 11 años; edad mínima recomendada: 6 años.</li></ul>",
      en: "<p>Swim, rappel and kayak in four cenotes of the Mayan jungle.</p><ul><li>The <strong>tour</strong> adds round-trip transport from Cancún and lunch.</li><li>Children 6 to 11; minimum recommended age: 6.</li></ul>",
      pt: "<p>Nade, faça rapel e caiaque em quatro cenotes da selva maia.</p><ul><li>O <strong>passeio</strong> acrescenta transporte de ida e volta de Cancún e almoço.</li><li>Crianças de 6 a 11 anos; idade mínima recomendada: 6 anos.</li></ul>",
    },
    imageAlt: {
      es: "Ilustración de un cenote con agua turquesa y raíces",
      en: "Illustration of a cenote with turquoise water and roots",
      pt: "Ilustração de um cenote com água turquesa e raízes",
    },
  },
];

const tourName = (name: string): LocalizedText => ({
  es: `Tour ${name} desde Cancún`,
  en: `${name} tour from Cancún`,
  pt: `Passeio ${name} saindo de Cancún`,
});

export const SEED_ACTIVITIES = [
  buildActivity({
    id: ACTIVITY_CATAMARAN,
    code: "catamaran-isla-mujeres",
    name: { es: "Catamarán a Isla Mujeres", en: "Catamaran to Isla Mujeres", pt: "Catamarã para Isla Mujeres" },
    dailyCapacity: 120,
  }),
  ...PARKS.map((park) =>
    buildActivity({
      id: park.activityId,
      code: park.key,
      name: { es: park.name, en: park.name, pt: park.name },
      dailyCapacity: park.capacity,
    }),
  ),
];

export const SEED_ACTIVITY_HOURS = [
  buildActivityHours({ id: 1, activityId: ACTIVITY_CATAMARAN, weekdays: ALL_WEEK, opens: "09:30", closes: "17:00" }),
  ...PARKS.map((park, index) => buildActivityHours({ id: index + 2, activityId: park.activityId, ...park.hours })),
];

const CATAMARAN_DESCRIPTION: LocalizedText = {
  es: "<p>Sal a las 10:00 del muelle El Embarcadero, haz snorkel en el arrecife y disfruta barra libre y comida a bordo. Tiempo libre en Isla Mujeres y regreso a las 17:00.</p><ul><li>Equipo de snorkel con depósito de 10 USD, que se paga y devuelve en el muelle.</li><li>Lleva traje de baño, toalla y bloqueador biodegradable.</li></ul>",
  en: "<p>Leave El Embarcadero pier at 10:00, snorkel the reef and enjoy an open bar and lunch on board. Free time on Isla Mujeres and back at 17:00.</p><ul><li>Snorkel gear with a 10 USD deposit, paid and returned at the pier.</li><li>Bring a swimsuit, a towel and biodegradable sunscreen.</li></ul>",
  pt: "<p>Saída às 10:00 do píer El Embarcadero, snorkel no recife e open bar e almoço a bordo. Tempo livre em Isla Mujeres e volta às 17:00.</p><ul><li>Equipamento de snorkel com depósito de 10 USD, pago e devolvido no píer.</li><li>Leve roupa de banho, toalha e protetor solar biodegradável.</li></ul>",
};

export const SEED_PRODUCTS = [
  buildProduct({
    id: FERRY_PRODUCT_ID,
    code: "ferry-cancun-isla-mujeres",
    kind: "ferry",
    name: { es: "Ferry Cancún – Isla Mujeres", en: "Cancún – Isla Mujeres ferry", pt: "Ferry Cancún – Isla Mujeres" },
    summary: {
      es: "Un cruce corto en barco de dos cubiertas con aire acondicionado. Boleto abierto válido 6 meses.",
      en: "A short crossing on a two-deck, air-conditioned ferry. Open tickets valid for 6 months.",
      pt: "Uma travessia curta em barco de dois andares com ar-condicionado. Bilhete aberto válido por 6 meses.",
    },
    image: "/images/products/ferry.svg",
    imageAlt: {
      es: "Ilustración de un ferry de dos cubiertas en el mar Caribe",
      en: "Illustration of a two-deck ferry on the Caribbean sea",
      pt: "Ilustração de um ferry de dois andares no mar do Caribe",
    },
    openTicketMonths: 6,
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
    description: CATAMARAN_DESCRIPTION,
    image: "/images/products/catamaran.svg",
    imageAlt: {
      es: "Ilustración de un catamarán con velas junto a un arrecife",
      en: "Illustration of a sailing catamaran by a reef",
      pt: "Ilustração de um catamarã a vela perto de um recife",
    },
    locationId: 4,
    canAddPhoto: false,
    activityId: ACTIVITY_CATAMARAN,
    depositMinor: 10_00,
    depositCurrency: "USD",
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
    description: {
      es: "<p>Sal en catamarán a las 10:00 con parada de snorkel y comida a bordo, y vuelve en ferry desde Isla Mujeres a la hora que elijas.</p><ul><li>Equipo de snorkel con depósito de 10 USD, que se paga y devuelve en el muelle.</li><li>El regreso en ferry es un boleto abierto del mismo día.</li></ul>",
      en: "<p>Sail out by catamaran at 10:00 with a snorkel stop and lunch on board, then come back by ferry from Isla Mujeres at the time you choose.</p><ul><li>Snorkel gear with a 10 USD deposit, paid and returned at the pier.</li><li>The ferry back is an open ticket for the same day.</li></ul>",
      pt: "<p>Saia de catamarã às 10:00 com parada para snorkel e almoço a bordo, e volte de ferry de Isla Mujeres no horário que escolher.</p><ul><li>Equipamento de snorkel com depósito de 10 USD, pago e devolvido no píer.</li><li>A volta de ferry é um bilhete aberto do mesmo dia.</li></ul>",
    },
    image: "/images/products/catamaran-ferry.svg",
    imageAlt: {
      es: "Ilustración de un catamarán y un ferry navegando a Isla Mujeres",
      en: "Illustration of a catamaran and a ferry sailing to Isla Mujeres",
      pt: "Ilustração de um catamarã e um ferry navegando para Isla Mujeres",
    },
    locationId: 4,
    canAddPhoto: false,
    activityId: ACTIVITY_CATAMARAN,
    depositMinor: 10_00,
    depositCurrency: "USD",
    featured: true,
    sortOrder: 3,
  }),
  ...PARKS.flatMap((park, index) => [
    buildProduct({
      id: park.admissionId,
      code: park.key,
      kind: "park_admission",
      name: { es: park.name, en: park.name, pt: park.name },
      summary: park.summary,
      description: park.text,
      image: park.image,
      imageAlt: park.imageAlt,
      locationId: park.locationId,
      activityId: park.activityId,
      minRecommendedAge: park.minAge,
      featured: ["xcaret", "xplor", "xenotes"].includes(park.key),
      sortOrder: 4 + index * 2,
    }),
    buildProduct({
      id: park.tourId,
      code: `${park.key}-tour`,
      kind: "park_tour",
      name: tourName(park.name),
      summary: park.tourSummary,
      description: park.text,
      image: park.image,
      imageAlt: park.imageAlt,
      locationId: park.locationId,
      activityId: park.activityId,
      minRecommendedAge: park.minAge,
      sortOrder: 5 + index * 2,
    }),
  ]),
];

const ferry = (
  category: "tourist" | "resident",
  passengerType: "adult" | "child",
  oneWay: number,
  roundTrip: number,
) => [
  buildFare({ productId: FERRY_PRODUCT_ID, category, passengerType, trip: "one_way", amountMinor: pesos(oneWay) }),
  buildFare({
    productId: FERRY_PRODUCT_ID,
    category,
    passengerType,
    trip: "round_trip",
    amountMinor: pesos(roundTrip),
  }),
];

const activity = (
  productId: number,
  adult: number,
  child: number,
  residentAdult = residentOf(adult),
  residentChild = residentOf(child),
) => [
  buildFare({ productId, passengerType: "adult", amountMinor: pesos(adult) }),
  buildFare({ productId, passengerType: "child", amountMinor: pesos(child) }),
  buildFare({ productId, category: "resident", passengerType: "adult", amountMinor: pesos(residentAdult) }),
  buildFare({ productId, category: "resident", passengerType: "child", amountMinor: pesos(residentChild) }),
];

/** Infants have no fare row: they ride and enter free (pricing/selection.ts), and still take a seat. */
export const SEED_FARES = [
  ...ferry("tourist", "adult", 254, 509),
  ...ferry("tourist", "child", 125, 249),
  ...ferry("resident", "adult", 149, 299),
  ...ferry("resident", "child", 84, 170),
  ...activity(CATAMARAN_TOUR_ID, 1790, 1340, 1290, 990),
  ...activity(CATAMARAN_FERRY_TOUR_ID, 1990, 1490, 1490, 1090),
  ...PARKS.flatMap((park) => [
    ...activity(park.admissionId, ...park.admission),
    ...activity(park.tourId, ...park.tour),
  ]),
];

/** Xenotes takes children from 6; every other product uses the default bands. */
export const SEED_PASSENGER_TYPES = PARKS.filter((park) => park.key === "xenotes").flatMap((park) =>
  [park.admissionId, park.tourId].flatMap((productId) => [
    buildPassengerType({ productId, passengerType: "adult" }),
    buildPassengerType({ productId, passengerType: "child", minAge: 6, maxAge: 11 }),
    buildPassengerType({ productId, passengerType: "infant" }),
  ]),
);

/** Buying 7 or more days ahead saves 5 %, 21 or more days 10 % (tourist fares). */
export const SEED_PRESALE_TIERS = [
  buildPresaleTier({ id: 1, minDaysAhead: 7, discountBasisPoints: 500 }),
  buildPresaleTier({ id: 2, minDaysAhead: 21, discountBasisPoints: 1000 }),
];

export const SEED_COMPLEMENTS = PARKS.map((park) =>
  buildComplement({
    productId: park.admissionId,
    upgradeProductId: park.tourId,
    businessUnit: park.name,
    businessUnitCode: park.businessUnitCode,
    code: `${park.businessUnitCode}-ADM-TOUR`,
    image: park.image,
    titleDescription: park.title,
    subtitleDescription: park.subtitle,
    textDescription: park.text,
  }),
);

/** The crossing products offer every pair; each park offers its own pair on its page. */
export const SEED_PRODUCT_COMPLEMENTS = [
  ...[FERRY_PRODUCT_ID, CATAMARAN_TOUR_ID, CATAMARAN_FERRY_TOUR_ID].flatMap((productId) =>
    PARKS.map((park, index) => ({ productId, complementId: park.admissionId, sortOrder: index })),
  ),
  ...PARKS.flatMap((park) => [
    { productId: park.admissionId, complementId: park.admissionId, sortOrder: 0 },
    { productId: park.tourId, complementId: park.admissionId, sortOrder: 0 },
  ]),
];
