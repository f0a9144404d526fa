// Reads the small front matter our content files use: `key: value` lines between `---` fences.
// Values are plain strings (optionally quoted) or true/false. Nested YAML is not allowed on purpose:
// a page's metadata stays readable in review and needs no YAML dependency.

export type FrontMatterValue = string | boolean;

export interface FrontMatter {
  data: Record<string, FrontMatterValue>;
  body: string;
}

const FENCE = "---";
const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

export class FrontMatterError extends Error {
  override name = "FrontMatterError";
}

export function parseFrontMatter(source: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  if (lines[0]?.trim() !== FENCE) throw new FrontMatterError("the file must start with a --- front matter fence");
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === FENCE);
  if (end === -1) throw new FrontMatterError("the front matter has no closing --- fence");

  const data: Record<string, FrontMatterValue> = {};
  lines.slice(1, end).forEach((line, index) => {
    if (line.trim() === "" || line.trimStart().startsWith("#")) return;
    if (/^\s/.test(line)) throw new FrontMatterError(`line ${index + 2}: nested values are not supported`);
    const colon = line.indexOf(":");
    const key = colon === -1 ? "" : line.slice(0, colon).trim();
    if (!KEY.test(key)) throw new FrontMatterError(`line ${index + 2}: expected "key: value"`);
    if (Object.prototype.hasOwnProperty.call(data, key))
      throw new FrontMatterError(`line ${index + 2}: "${key}" is repeated`);
    data[key] = parseValue(line.slice(colon + 1).trim());
  });
  return { data, body: lines.slice(end + 1).join("\n") };
}

function parseValue(raw: string): FrontMatterValue {
  if (raw === "true") return true;
  if (raw === "false") return false;
  const quote = raw[0];
  if ((quote === '"' || quote === "'") && raw.length >= 2 && raw.endsWith(quote)) {
    const inner = raw.slice(1, -1);
    return quote === '"' ? inner.replace(/\\(["\\])/g, "$1") : inner.replace(/''/g, "'");
  }
  return raw;
}
