// All catalogues, server side only: the browser receives just its language's messages.
import type { Language } from "../language.ts";
import type { Messages } from "./messages/en.ts";
import { en } from "./messages/en.ts";
import { es } from "./messages/es.ts";
import { pt } from "./messages/pt.ts";

export const CATALOGUES: Record<Language, Messages> = { es, en, pt };
