// The imports area: its tag (the operations are generated from the routes'
// contracts, app/api/imports/**) and the `?policy=` parameter of the record
// and prefill imports, which are not defineRoute contracts yet.
import { IMPORT_FORMATS } from "@/lib/imports/formats";
import { COMMIT_POLICIES, policiesFor, type CommitPolicy, type ImportKind } from "@/lib/imports/commit-policy";
import { queryParameter, type Area } from "../operation";

/** `?policy=` of an import: the policies its kind offers (lib/imports/commit-policy.ts). */
export function policyParameter(kind: ImportKind, fallback: CommitPolicy) {
  const offered = policiesFor(kind);
  const described = COMMIT_POLICIES.filter((policy) => offered.includes(policy.id))
    .map((policy) => `${policy.id}: ${policy.description}`)
    .join("; ");
  return queryParameter(
    "policy",
    `What to store when some entries are refused (${described}). A file with no refusal is stored under every policy.`,
    { type: "string", enum: offered, default: fallback },
  );
}

/** "a, b, or c" */
const listInWords = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")}, or ${words.at(-1)}`;

export const importsArea: Area = {
  tag: {
    name: "Item imports",
    description: `Staged imports of items, records and prefills, one protocol for the three: create an import of a kind, send its file, poll for progress, read or download the per-line report, decide. Items come in as JSONL files: ${listInWords(IMPORT_FORMATS.map((format) => format.description))}. Records and prefills are AIF records (JSON Lines or one JSON array); POST /api/records/import and POST /api/suites/{suiteId}/prefills with policy=stage create such an import too. Each line is checked on its own.`,
  },
  // The import routes are defineRoute contracts (app/api/imports/**): their operations are generated.
  operations: [],
};
