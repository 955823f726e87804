// Opaque keyset cursor for the records list: the (created_at, eval_id) of the
// last row shown, base64url-encoded.
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";

export type RecordCursor = { createdAt: Date; evalId: string };

export function encodeRecordCursor(row: RecordCursor): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.evalId}`).toString("base64url");
}

export function decodeRecordCursor(cursor: string): RecordCursor {
  const [iso, evalId] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!evalId || !isUuid(evalId) || Number.isNaN(createdAt.getTime()))
    throw new AppError("BAD_REQUEST", "The page cursor is not valid");
  return { createdAt, evalId };
}
