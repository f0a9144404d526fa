// Which catalogue keys a page can show, read from its source: every module a page's route module
// imports (statically or lazily), under app/ and lib/, is parsed with TypeScript's parser, and each
// string that is a key, and each template string whose fixed start is a key prefix
// (`booking.passenger.${type}`), is a reference. Test-only: page-messages.test.ts checks with it
// that the messages a page ships cover what its code can ask for.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = [path.join(ROOT, "app"), path.join(ROOT, "lib")];
/** The catalogues and the table of what pages ship name keys without showing them; the console has catalogues of its own. */
const SKIPPED = [
  path.join(ROOT, "lib/i18n/messages"),
  path.join(ROOT, "app/i18n/page-messages.ts"),
  path.join(ROOT, "lib/i18n/console"),
];

export interface MessageReferences {
  /** Keys named whole. */
  keys: Set<string>;
  /** Fixed starts of template strings: every key beginning so can be asked for. */
  prefixes: Set<string>;
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

function isScanned(file: string): boolean {
  const skipped = SKIPPED.some((skip) => file === skip || file.startsWith(skip + path.sep));
  return SCANNED.some((dir) => file.startsWith(dir + path.sep)) && !skipped && !/\.test\.tsx?$/.test(file);
}

/** What one file names: keys, template prefixes and the scanned modules it imports. */
interface FileScan {
  keys: string[];
  prefixes: string[];
  imports: string[];
}

/**
 * Scans of files already parsed, per key list: the pages share the shell's modules, and parsing them
 * again for every page was most of the check's time.
 */
const scans = new WeakMap<readonly string[], Map<string, FileScan>>();

function scanFile(file: string, keySet: ReadonlySet<string>, allKeys: readonly string[]): FileScan {
  const scan: FileScan = { keys: [], prefixes: [], imports: [] };
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const target = resolveImport(file, node.moduleSpecifier.text);
      if (target) scan.imports.push(target);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = resolveImport(file, node.arguments[0].text);
      if (target) scan.imports.push(target);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (keySet.has(node.text)) scan.keys.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      const head = node.head.text;
      if (head.includes(".") && allKeys.some((key) => key.startsWith(head))) scan.prefixes.push(head);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return scan;
}

/** The references of every module reachable from `entries` (paths relative to the repository). */
export function messageReferencesOf(entries: string[], allKeys: readonly string[]): MessageReferences {
  // A counted message is asked for by its stem ("thanks.tickets" for "thanks.tickets.one", ".other").
  const stems = allKeys.flatMap((key) => (key.endsWith(".other") ? [key.slice(0, -".other".length)] : []));
  const keySet = new Set([...allKeys, ...stems]);
  let scanned = scans.get(allKeys);
  if (!scanned) scans.set(allKeys, (scanned = new Map()));
  const references: MessageReferences = { keys: new Set(), prefixes: new Set() };
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !isScanned(file)) continue;
    seen.add(file);
    let scan = scanned.get(file);
    if (!scan) scanned.set(file, (scan = scanFile(file, keySet, allKeys)));
    for (const key of scan.keys) references.keys.add(key);
    for (const prefix of scan.prefixes) references.prefixes.add(prefix);
    queue.push(...scan.imports);
  }
  return references;
}
