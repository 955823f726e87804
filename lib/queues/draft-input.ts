// What a versioned draft save accepts, for assignments and SME reviews alike:
// a JSON object of bounded size, and the integer version it was based on.
import { AppError } from "@/lib/errors";

const MAX_DRAFT_BYTES = 512 * 1024;

/** The draft as JSON text to store, and its base version; INVALID_INPUT or PAYLOAD_TOO_LARGE otherwise. */
export function draftToSave(options: { draft: unknown; baseVersion: unknown }): { json: string; baseVersion: number } {
  if (typeof options.draft !== "object" || options.draft === null || Array.isArray(options.draft)) {
    throw new AppError("INVALID_INPUT", "The draft is not valid", [{ path: "/draft", rule: "type", message: "must be a JSON object" }]);
  }
  if (!Number.isInteger(options.baseVersion)) {
    throw new AppError("INVALID_INPUT", "The draft is not valid", [{ path: "/base_version", rule: "type", message: "must be the integer version the draft was based on" }]);
  }
  const json = JSON.stringify(options.draft);
  if (Buffer.byteLength(json) > MAX_DRAFT_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", `A draft may hold at most ${MAX_DRAFT_BYTES} bytes`);
  return { json, baseVersion: options.baseVersion as number };
}
