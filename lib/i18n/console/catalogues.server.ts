// The console's catalogues, server side only: the layout sends the browser its language's messages.
import type { Language } from "../../language.ts";
import { en, type ConsoleMessages } from "./en.ts";
import { es } from "./es.ts";
import { pt } from "./pt.ts";

export const CONSOLE_CATALOGUES: Record<Language, ConsoleMessages> = { es, en, pt };
