// The access matrix: every page and route handler × anonymous, rater, SME,
// admin and a disabled user, checked over HTTP against the permission table.
// A route file or exported method without a matrix entry fails the first test.
// The last test holds every JSON answer of a GET route to the schema the
// served OpenAPI document gives it (generated from the route contracts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { rolesAllow, type Role } from "@/lib/auth/permissions";
import { ACCESS_MATRIX, type Access, type MatrixEntry, type MatrixIds } from "./support/access-matrix";
import { seedMatrixIds } from "./support/matrix-ids";
import { e2eUsers, storageStateOf } from "./support/users";

type Caller = "anonymous" | "rater" | "sme" | "admin" | "disabled";
const CALLERS: Caller[] = ["anonymous", "rater", "sme", "admin", "disabled"];

function routeFiles(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "page.tsx" || entry.name === "route.ts" ? [full] : [];
  });
}

function servedEndpoints(): string[] {
  return routeFiles().flatMap((file) => {
    if (file.endsWith("page.tsx")) return [`PAGE ${file}`];
    const source = readFileSync(file, "utf8");
    // A handler is an exported function, or an exported const (defineRoute).
    return [...source.matchAll(/export (?:(?:async )?function|const) (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
      (match) => `${match[1]} ${file}`,
    );
  });
}

test("every page and route handler method has an entry in the access matrix, and every entry is served", () => {
  const served = servedEndpoints().sort();
  const listed = ACCESS_MATRIX.map((entry) => `${entry.method} ${entry.file}`).sort();
  expect(listed).toEqual(served);
});

type Outcome = "allowed" | "needs-sign-in" | "denied";

type OpenApi = { paths: Record<string, Record<string, { "x-access"?: Access }>> };

/** app/api/records/[evalId]/route.ts → /api/records/{evalId}, the document's path. */
function documentedPath(file: string): string {
  return `/${file.replace(/^app\//, "").replace(/\/route\.ts$/, "")}`.replace(/\[([^\].]+)\]/g, "{$1}");
}

/** A page's access is in the matrix; an API route's is the x-access its contract declared in the served document. */
function accessOf(entry: MatrixEntry, document: OpenApi): Access {
  if (entry.access) return entry.access;
  const access = document.paths[documentedPath(entry.file)]?.[entry.method.toLowerCase()]?.["x-access"];
  if (!access) throw new Error(`${entry.method} ${entry.file}: no operation with x-access in the OpenAPI document`);
  return access;
}

function expectedOutcome(access: Access, caller: Caller): Outcome {
  if (access === "public") return "allowed";
  // The share rating page of an assignment no matrix caller holds answers 404.
  if (access === "share_visitor") return "denied";
  // A session is not the metrics token: every matrix caller gets 401.
  if (access === "metrics_token") return "needs-sign-in";
  if (caller === "anonymous" || caller === "disabled") return "needs-sign-in";
  const roles = e2eUsers()[caller].roles as Role[];
  return rolesAllow(roles, access) ? "allowed" : "denied";
}

function observedOutcome(
  entry: MatrixEntry,
  status: number,
  location: string | null,
): Outcome | `unexpected ${number}` {
  if (entry.method === "PAGE") {
    if (status === 307 && location?.replace(/^https?:\/\/[^/]+/, "").startsWith("/sign-in")) return "needs-sign-in";
    // A role without the page's permission gets 403 (app/forbidden.tsx); 404 is for what does not exist, as the share visitor's page answers anyone else.
    if (status === 403) return "denied";
    // A public page for a token that does not exist (an invitation) is served as its own 404.
    if (status === 404)
      return entry.access === "share_visitor"
        ? "denied"
        : entry.access === "public"
          ? "allowed"
          : `unexpected ${status}`;
    if (status === 200 || status === 307) return "allowed";
    return `unexpected ${status}`;
  }
  if (status === 401) return "needs-sign-in";
  if (status === 403) return "denied";
  if (status >= 500) return `unexpected ${status}`;
  return "allowed";
}

let contexts: Record<Caller, APIRequestContext>;
let ids: MatrixIds;
let servedDocument: OpenApi;

test.beforeAll(async ({ baseURL }) => {
  const make = (caller: Caller) =>
    request.newContext({
      baseURL,
      storageState: caller === "anonymous" ? undefined : storageStateOf(caller),
      maxRedirects: 0,
    });
  contexts = {
    anonymous: await make("anonymous"),
    rater: await make("rater"),
    sme: await make("sme"),
    admin: await make("admin"),
    disabled: await make("disabled"),
  };
  ids = await seedMatrixIds(contexts, baseURL!);
  servedDocument = await (await contexts.anonymous.get("/api/openapi.json")).json();
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts).map((context) => context.dispose()));
});

test(`access matrix: ${ACCESS_MATRIX.length} endpoints × ${CALLERS.length} callers`, async ({ baseURL }) => {
  // The budget grows with the matrix: 650 requests passed 60 s on these shared 2 cores (load ~21).
  test.setTimeout(ACCESS_MATRIX.length * CALLERS.length * 250);
  const mismatches: string[] = [];
  for (const entry of ACCESS_MATRIX) {
    const access = accessOf(entry, servedDocument);
    for (const caller of CALLERS) {
      const role = caller === "disabled" ? "rater" : caller;
      const url = entry.path(ids, role);
      const context = contexts[caller];
      const response = await context.fetch(url, {
        method: entry.method === "PAGE" ? "GET" : entry.method,
        data: entry.body,
        // As a browser sends it: better-auth refuses cookie-carrying POSTs without it (CSRF).
        headers: entry.method === "PAGE" || entry.method === "GET" ? undefined : { origin: baseURL! },
        maxRedirects: 0,
      });
      const observed = observedOutcome(entry, response.status(), response.headers()["location"] ?? null);
      const expected = expectedOutcome(access, caller);
      if (observed !== expected)
        mismatches.push(
          `${entry.method} ${url} as ${caller}: expected ${expected}, got ${observed} (${response.status()})`,
        );
    }
  }
  expect(mismatches).toEqual([]);
});

/** app/api/records/[evalId]/route.ts → the pointer to its GET 200 JSON answer in the document. */
function answerPointer(file: string): string {
  const route = `/${file.replace(/^app\//, "").replace(/\/route\.ts$/, "")}`.replace(/\[([^\].]+)\]/g, "{$1}");
  return `#/paths/${route.replace(/~/g, "~0").replace(/\//g, "~1")}/get/responses/200/content/application~1json/schema`;
}

test("every JSON answer of a GET route matches its schema in the served OpenAPI document", async () => {
  const documentId = "https://evalform.local/openapi.json";
  const served = servedDocument as OpenApi & { components: object };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: documentId, components: served.components, paths: served.paths });
  const checked = new Set<string>();
  const mismatches: string[] = [];
  for (const entry of ACCESS_MATRIX) {
    if (entry.method !== "GET" || !entry.file.startsWith("app/api/") || entry.file.includes("[...all]")) continue;
    for (const caller of ["admin", "rater", "sme"] as const) {
      const response = await contexts[caller].get(entry.path(ids, caller));
      if (response.status() !== 200 || !(response.headers()["content-type"] ?? "").startsWith("application/json"))
        continue;
      if (entry.file === "app/api/openapi.json/route.ts" || response.headers()["content-disposition"]) continue;
      const validate = ajv.getSchema(`${documentId}${answerPointer(entry.file)}`);
      if (!validate) {
        mismatches.push(`${entry.file}: no JSON answer schema for 200`);
        continue;
      }
      if (!validate(await response.json()))
        mismatches.push(`${entry.file} as ${caller}: ${ajv.errorsText(validate.errors)}`);
      checked.add(entry.file);
    }
  }
  expect(mismatches).toEqual([]);
  // Teeth: most GET routes answered 200 to someone and were checked.
  expect(checked.size).toBeGreaterThan(15);
});
