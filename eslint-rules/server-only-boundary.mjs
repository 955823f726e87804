// The client/server boundary, keyed on the marker Next itself uses: a module
// that runs in the browser ("use client", and everything it imports) must not
// reach a module holding `import "server-only"`, directly or through the
// modules it imports. Type-only imports are erased at compile time, so they
// may cross. One rule instead of a hand-kept list of server folders: marking a
// module is the only thing a new server module needs.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"];
const SERVER_MARKER = /^\s*import\s+["']server-only["'];?\s*$/m;
const USE_CLIENT = /^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*\s*["']use client["']/;
// import x from "m" · import {a, type b} from "m" · import "m" · export {a} from "m" · export * from "m" · import("m")
// Server modules that cannot carry the marker: lib/env.ts is also read by proxy.ts and by scripts run outside the react-server condition, where `server-only` throws.
const UNMARKED_SERVER_MODULES = new Set(["lib/env.ts"]);
const IMPORT_PATTERN =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^"';]*?)\s*from\s*["']([^"']+)["']|(?:^|[\n;])\s*import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The project file a specifier names, or null for a package or a file that does not exist. */
function resolveSpecifier(specifier, fromFile) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  if (/\.(tsx?|mjs|js)$/.test(base) && existsSync(base)) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

/** Whether every name an import clause brings in is a type (`import type …`, `{ type A, type B }`). */
function isTypeOnlyClause(typeKeyword, clause) {
  if (typeKeyword) return true;
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = braces[1]
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith("type "));
}

/** The value imports of a source text: specifier and the offset where the statement starts. */
export function valueImports(source) {
  const found = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    if (match[4] !== undefined) {
      if (isTypeOnlyClause(match[2], match[3].trim())) continue;
      found.push({ specifier: match[4], index: match.index });
    } else {
      found.push({ specifier: match[5] ?? match[6], index: match.index });
    }
  }
  return found;
}

// One lint run reads each file once; a run is a process, so the cache never outlives the files it read.
const serverPathCache = new Map();
const relative = (file) => path.relative(ROOT, file);

/** The chain of files from `file` to a server-only module, or null when none is reachable. */
function serverOnlyChain(file, visiting = new Set()) {
  if (serverPathCache.has(file)) return serverPathCache.get(file);
  if (visiting.has(file)) return null;
  visiting.add(file);
  const source = readFileSync(file, "utf8");
  let chain = null;
  if (SERVER_MARKER.test(source) || UNMARKED_SERVER_MODULES.has(relative(file))) chain = [file];
  else {
    for (const { specifier } of valueImports(source)) {
      if (specifier === "server-only") {
        chain = [file];
        break;
      }
      const target = resolveSpecifier(specifier, file);
      if (!target) continue;
      const rest = serverOnlyChain(target, visiting);
      if (rest) {
        chain = [file, ...rest];
        break;
      }
    }
  }
  visiting.delete(file);
  serverPathCache.set(file, chain);
  return chain;
}

export const serverOnlyBoundary = {
  meta: {
    type: "problem",
    docs: {
      description:
        'Client modules must not import, directly or transitively, a module marked `import "server-only"` (type-only imports may).',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const source = context.sourceCode.text;
    if (!USE_CLIENT.test(source)) return {};
    return {
      Program() {
        for (const { specifier, index } of valueImports(source)) {
          const target = specifier === "server-only" ? filename : resolveSpecifier(specifier, filename);
          if (!target) continue;
          const chain = specifier === "server-only" ? [filename] : serverOnlyChain(target);
          if (!chain) continue;
          // The match may start at the `;` or line break before the statement: point at the keyword.
          const at = context.sourceCode.getLocFromIndex(index + source.slice(index).search(/[^\s;]/));
          context.report({
            loc: { start: at, end: at },
            message: `A client module imports server-only code: ${[relative(filename), ...chain.map(relative)].join(" → ")}. Import types with \`import type\`, or move the shared value to a module without \`import "server-only"\`.`,
          });
        }
      },
    };
  },
};

const plugin = { rules: { "server-only-boundary": serverOnlyBoundary } };
export default plugin;
