// Drift between the document and the app: every route handler method under
// app/api is documented, every documented operation is served by a route
// file, and the access matrix of the browser tests (e2e/support/access-matrix.ts)
// calls each one (it reads each API route's permission from the document).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCESS_MATRIX } from "@/e2e/support/access-matrix";
import { buildOpenApiDocument } from "./openapi";

const ROOT = path.join(import.meta.dirname, "..", "..");
// better-auth's catch-all serves every path under /api/auth; the document lists the ones the app uses.
const AUTH_CATCH_ALL = "app/api/auth/[...all]/route.ts";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

function routeFiles(dir = "app/api"): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(relative);
    return entry.name === "route.ts" ? [relative] : [];
  });
}

function exportedMethods(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  return [...source.matchAll(/export\s+(?:async\s+)?(?:function|const)\s+([A-Z]+)\b/g)]
    .map((match) => match[1]!)
    .filter((name) => METHODS.includes(name));
}

/** app/api/records/[evalId]/route.ts → /api/records/{evalId} */
function pathOf(file: string): string {
  return `/${file.replace(/^app\//, "").replace(/\/route\.ts$/, "")}`.replace(/\[([^\].]+)\]/g, "{$1}");
}

function fileOf(documentedPath: string): string {
  if (documentedPath.startsWith("/api/auth/")) return AUTH_CATCH_ALL;
  return `app${documentedPath.replace(/\{([^}]+)\}/g, "[$1]")}/route.ts`;
}

const document = buildOpenApiDocument();
const documented = Object.entries(document.paths)
  .flatMap(([route, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`))
  .sort();
const served = routeFiles()
  .filter((file) => file !== AUTH_CATCH_ALL)
  .flatMap((file) => exportedMethods(file).map((method) => `${method} ${pathOf(file)}`))
  .sort();

describe("the OpenAPI document and the route files", () => {
  it("documents every route handler method under app/api", () => {
    expect(served.length).toBeGreaterThan(40);
    expect(served.filter((endpoint) => !documented.includes(endpoint))).toEqual([]);
  });

  it("documents nothing that no route file serves", () => {
    const unserved = documented.filter((endpoint) => {
      const [method, route] = endpoint.split(" ") as [string, string];
      const file = fileOf(route);
      try {
        return !exportedMethods(file).includes(method);
      } catch {
        return true;
      }
    });
    expect(unserved, "documented operations without a route file exporting the method").toEqual([]);
  });

  it("gives each operation the permission the access matrix checks, and the matrix calls every documented operation", () => {
    const mismatches: string[] = [];
    for (const entry of ACCESS_MATRIX) {
      if (entry.method === "PAGE" || !entry.file.startsWith("app/api/")) continue;
      const operations =
        entry.file === AUTH_CATCH_ALL
          ? Object.entries(document.paths)
              .filter(([route]) => route.startsWith("/api/auth/"))
              .map(([, item]) => item[entry.method.toLowerCase()])
              .filter(Boolean)
          : [document.paths[pathOf(entry.file)]?.[entry.method.toLowerCase()]];
      for (const operation of operations) {
        // API entries take their access from the document (e2e/access-matrix.spec.ts); those that name one must agree.
        if (!operation?.["x-access"]) mismatches.push(`${entry.method} ${entry.file}: no documented operation`);
        else if (entry.access && operation["x-access"] !== entry.access)
          mismatches.push(
            `${entry.method} ${entry.file}: matrix ${entry.access}, document ${String(operation["x-access"])}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    const called = new Set(
      ACCESS_MATRIX.filter((entry) => entry.file.startsWith("app/api/") && entry.file !== AUTH_CATCH_ALL).map(
        (entry) => `${entry.method} ${pathOf(entry.file)}`,
      ),
    );
    expect(documented.filter((endpoint) => !endpoint.includes(" /api/auth/") && !called.has(endpoint))).toEqual([]);
  });
});
