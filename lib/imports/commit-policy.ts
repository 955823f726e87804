// What an import does with its valid entries when some are refused: the same
// three choices for items, records and prefills. A file with no refusal is
// stored under every policy.
import { AppError } from "@/lib/errors";
import type { ImportKind } from "@/lib/statuses";
import { booleanParam } from "./query-flag";

export type { ImportKind } from "@/lib/statuses";

export const COMMIT_POLICIES = [
  { id: "all_or_nothing", description: "one refused entry stores nothing", kinds: ["items", "records", "prefills"] },
  {
    id: "store_valid",
    description: "the valid entries are stored, the refused ones reported",
    kinds: ["items", "records", "prefills"],
  },
  {
    id: "stage",
    description: "the valid entries wait in a staged import until the admin imports or discards them",
    kinds: ["items", "records", "prefills"],
  },
] as const satisfies readonly { id: string; description: string; kinds: readonly ImportKind[] }[];

export type CommitPolicy = (typeof COMMIT_POLICIES)[number]["id"];

/** The policies an import kind offers, for its enum in the API documentation. */
export function policiesFor(kind: ImportKind): CommitPolicy[] {
  return COMMIT_POLICIES.filter((policy) => (policy.kinds as readonly ImportKind[]).includes(kind)).map(
    (policy) => policy.id,
  );
}

/** What happens once the file is read. */
export function outcomeOf(policy: CommitPolicy, refused: number): "store" | "store_nothing" | "await_decision" {
  if (refused === 0 || policy === "store_valid") return "store";
  return policy === "all_or_nothing" ? "store_nothing" : "await_decision";
}

/**
 * `?policy=` of an import request; the older `?store_valid=` (records,
 * prefills) still means store_valid / all_or_nothing. Unknown values, and a
 * policy the kind does not offer, answer 422 naming the parameter.
 */
export function commitPolicyParam(params: URLSearchParams, kind: ImportKind, fallback: CommitPolicy): CommitPolicy {
  const offered = policiesFor(kind);
  const storeValid = params.has("store_valid") ? booleanParam(params, "store_valid") : null;
  const given = params.get("policy");
  if (given === null) return storeValid === null ? fallback : storeValid ? "store_valid" : "all_or_nothing";
  const policy = offered.find((id) => id === given);
  if (!policy) {
    throw new AppError("INVALID_INPUT", "The query parameter policy is not one this import offers", [
      { path: "/policy", rule: "enum", message: `must be one of ${offered.join(", ")}, not ${JSON.stringify(given)}` },
    ]);
  }
  if (storeValid !== null && storeValid !== (policy === "store_valid")) {
    throw new AppError("INVALID_INPUT", "The query parameters policy and store_valid disagree", [
      {
        path: "/store_valid",
        rule: "consistent",
        message: `store_valid=${String(storeValid)} contradicts policy=${policy}; send one of them`,
      },
    ]);
  }
  return policy;
}
