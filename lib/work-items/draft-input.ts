// What a versioned draft save accepts, for assignments and SME reviews alike:
// a JSON object of bounded size holding only fields of the form (it may be
// incomplete, but an unknown field, or a __proto__ key, is never stored), and
// the integer version it was based on.
import { contractErrors } from "@/lib/aif/contract";
import { toValidationIssues } from "@/lib/aif/issues";
import { AppError } from "@/lib/errors";

const MAX_DRAFT_BYTES = 512 * 1024;

/** The draft as JSON text to store, and its base version; INVALID_INPUT or PAYLOAD_TOO_LARGE otherwise. */
export function draftToSave(options: { draft: unknown; baseVersion: unknown }): { json: string; baseVersion: number } {
  if (typeof options.draft !== "object" || options.draft === null || Array.isArray(options.draft)) {
    throw new AppError("INVALID_INPUT", "The draft is not valid", [
      { path: "/draft", rule: "type", message: "must be a JSON object" },
    ]);
  }
  if (!Number.isInteger(options.baseVersion)) {
    throw new AppError("INVALID_INPUT", "The draft is not valid", [
      { path: "/base_version", rule: "type", message: "must be the integer version the draft was based on" },
    ]);
  }
  const unknown = contractErrors(options.draft).filter((error) => error.keyword === "additionalProperties");
  if (unknown.length > 0) {
    const issues = toValidationIssues(unknown).map((issue) => ({
      ...issue,
      path: issue.path ? `/draft${issue.path}` : "",
    }));
    throw new AppError("INVALID_INPUT", "The draft holds fields the form does not have", issues);
  }
  const json = JSON.stringify(options.draft);
  if (Buffer.byteLength(json) > MAX_DRAFT_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", `A draft may hold at most ${MAX_DRAFT_BYTES} bytes`);
  return { json, baseVersion: options.baseVersion as number };
}
