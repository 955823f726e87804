// Route handlers not written with defineRoute, as their file-system template,
// so metrics and logs name a route ("/api/suites/[suiteId]/prefills"), never a
// concrete path: paths carry ids and share tokens, and one label per id would
// grow forever. A route written with defineRoute names its own template (from
// its contract's path). api-routes.test.ts fails when a route file is named by
// neither.
export const API_ROUTES = [
  "/api/auth/[...all]",
  "/api/openapi.json",
  "/api/records/import",
  "/api/suites/[suiteId]/prefills",
] as const;

/** The label for a path no template matches. */
export const UNMATCHED_ROUTE = "unmatched";

type Segment = { kind: "static"; value: string } | { kind: "dynamic" } | { kind: "catch-all" };

const COMPILED = API_ROUTES.map((template) => ({
  template,
  segments: template
    .split("/")
    .filter(Boolean)
    .map((part): Segment => {
      if (part.startsWith("[...")) return { kind: "catch-all" };
      if (part.startsWith("[")) return { kind: "dynamic" };
      return { kind: "static", value: part };
    }),
}));

function matches(segments: Segment[], parts: string[]): boolean {
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === "catch-all") return parts.length > index;
    const part = parts[index];
    if (part === undefined) return false;
    if (segment.kind === "static" && segment.value !== part) return false;
  }
  return parts.length === segments.length;
}

// Next prefers a static segment over a dynamic one, and both over a catch-all.
function specificity(segments: Segment[]): number[] {
  return segments.map((segment) => (segment.kind === "static" ? 2 : segment.kind === "dynamic" ? 1 : 0));
}

function moreSpecific(a: number[], b: number[]): boolean {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? -1) - (b[index] ?? -1);
    if (difference !== 0) return difference > 0;
  }
  return false;
}

/** The route template serving `pathname`, or "unmatched". */
export function apiRouteOf(pathname: string): string {
  const parts = pathname.split("/").filter(Boolean);
  let best: { template: string; rank: number[] } | null = null;
  for (const route of COMPILED) {
    if (!matches(route.segments, parts)) continue;
    const rank = specificity(route.segments);
    if (!best || moreSpecific(rank, best.rank)) best = { template: route.template, rank };
  }
  return best?.template ?? UNMATCHED_ROUTE;
}
