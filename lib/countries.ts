// ISO 3166-1 alpha-2 codes of every country and territory a buyer may live in. Names are not kept
// here: each language's name comes from Intl.DisplayNames, so the list reads right in es, en and pt.
import { getOrInsertComputed } from "./maps.ts";
export const COUNTRY_CODES: readonly string[] = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
  "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
  "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
  "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
  "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.includes(value);
}

export interface CountryOption {
  readonly code: string;
  readonly name: string;
}

const optionsByLanguage = new Map<string, readonly CountryOption[]>();

/**
 * Every country with its name in `language`, sorted as that language sorts. Made once per language
 * and shared: building the names and sorting 250 of them cost every page render 2 % of its CPU.
 */
export function countryOptions(language: string): readonly CountryOption[] {
  return getOrInsertComputed(optionsByLanguage, language, () => {
    const names = new Intl.DisplayNames([language], { type: "region" });
    const collator = new Intl.Collator(language);
    return Object.freeze(
      COUNTRY_CODES.map((code) => Object.freeze({ code, name: names.of(code) ?? code })).sort((a, b) =>
        collator.compare(a.name, b.name),
      ),
    );
  });
}

const packedByLanguage = new Map<string, string>();

/**
 * Every country of `language` as one string, "AD\tAndorra\nAE\tUnited Arab Emirates…", in the list's
 * order: a page's data carries one string instead of 250 objects, which the browser decodes in a
 * fraction of the time (its data is decoded in one piece before the page can hydrate).
 */
export function packedCountryOptions(language: string): string {
  return getOrInsertComputed(packedByLanguage, language, () =>
    countryOptions(language)
      .map((option) => `${option.code}\t${option.name}`)
      .join("\n"),
  );
}

/** The list `packedCountryOptions` packed. */
export function unpackCountryOptions(packed: string): CountryOption[] {
  return packed.split("\n").map((entry) => {
    const [code = "", name = ""] = entry.split("\t");
    return { code, name };
  });
}

const comparable = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
const codesByName = new Map<string, ReadonlyMap<string, string>>();

/**
 * The country a visitor typed into a country field: an alpha-2 code, or a name in `language` as
 * Intl.DisplayNames words it (the suggestions the field offers), without regard to case or accents.
 * Null when it names none. The names are built once per language.
 */
export function countryCodeOfInput(input: string, language: string): string | null {
  const typed = comparable(input);
  const code = typed.toUpperCase();
  if (isCountryCode(code)) return code;
  let byName = codesByName.get(language);
  if (!byName) {
    byName = new Map(countryOptions(language).map((option) => [comparable(option.name), option.code]));
    codesByName.set(language, byName);
  }
  return byName.get(typed) ?? null;
}

/** ISO 3166-1 alpha-3 of each alpha-2 code above (accounts keep countryIso3), as "MXMEX" pairs. */
const ALPHA3_PAIRS: ReadonlyMap<string, string> = new Map(
  (
    "ADAND AEARE AFAFG AGATG AIAIA ALALB AMARM AOAGO AQATA ARARG ASASM ATAUT AUAUS AWABW AXALA AZAZE BABIH BBBRB BDBGD " +
    "BEBEL BFBFA BGBGR BHBHR BIBDI BJBEN BLBLM BMBMU BNBRN BOBOL BQBES BRBRA BSBHS BTBTN BVBVT BWBWA BYBLR BZBLZ CACAN " +
    "CCCCK CDCOD CFCAF CGCOG CHCHE CICIV CKCOK CLCHL CMCMR CNCHN COCOL CRCRI CUCUB CVCPV CWCUW CXCXR CYCYP CZCZE DEDEU " +
    "DJDJI DKDNK DMDMA DODOM DZDZA ECECU EEEST EGEGY EHESH ERERI ESESP ETETH FIFIN FJFJI FKFLK FMFSM FOFRO FRFRA GAGAB " +
    "GBGBR GDGRD GEGEO GFGUF GGGGY GHGHA GIGIB GLGRL GMGMB GNGIN GPGLP GQGNQ GRGRC GSSGS GTGTM GUGUM GWGNB GYGUY HKHKG " +
    "HMHMD HNHND HRHRV HTHTI HUHUN IDIDN IEIRL ILISR IMIMN ININD IOIOT IQIRQ IRIRN ISISL ITITA JEJEY JMJAM JOJOR JPJPN " +
    "KEKEN KGKGZ KHKHM KIKIR KMCOM KNKNA KPPRK KRKOR KWKWT KYCYM KZKAZ LALAO LBLBN LCLCA LILIE LKLKA LRLBR LSLSO LTLTU " +
    "LULUX LVLVA LYLBY MAMAR MCMCO MDMDA MEMNE MFMAF MGMDG MHMHL MKMKD MLMLI MMMMR MNMNG MOMAC MPMNP MQMTQ MRMRT MSMSR " +
    "MTMLT MUMUS MVMDV MWMWI MXMEX MYMYS MZMOZ NANAM NCNCL NENER NFNFK NGNGA NINIC NLNLD NONOR NPNPL NRNRU NUNIU NZNZL " +
    "OMOMN PAPAN PEPER PFPYF PGPNG PHPHL PKPAK PLPOL PMSPM PNPCN PRPRI PSPSE PTPRT PWPLW PYPRY QAQAT REREU ROROU RSSRB " +
    "RURUS RWRWA SASAU SBSLB SCSYC SDSDN SESWE SGSGP SHSHN SISVN SJSJM SKSVK SLSLE SMSMR SNSEN SOSOM SRSUR SSSSD STSTP " +
    "SVSLV SXSXM SYSYR SZSWZ TCTCA TDTCD TFATF TGTGO THTHA TJTJK TKTKL TLTLS TMTKM TNTUN TOTON TRTUR TTTTO TVTUV TWTWN " +
    "TZTZA UAUKR UGUGA UMUMI USUSA UYURY UZUZB VAVAT VCVCT VEVEN VGVGB VIVIR VNVNM VUVUT WFWLF WSWSM YEYEM YTMYT ZAZAF " +
    "ZMZMB ZWZWE"
  )
    .split(" ")
    .map((pair) => [pair.slice(0, 2), pair.slice(2)] as const),
);
const ALPHA2_BY_ALPHA3: ReadonlyMap<string, string> = new Map(
  [...ALPHA3_PAIRS].map(([alpha2, alpha3]) => [alpha3, alpha2]),
);

export function alpha3OfCountry(alpha2: string): string | null {
  return ALPHA3_PAIRS.get(alpha2) ?? null;
}

export function alpha2OfCountry(alpha3: string): string | null {
  return ALPHA2_BY_ALPHA3.get(alpha3) ?? null;
}
