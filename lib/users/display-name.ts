// The one rule for display names, wherever a name is set (invitations, the
// first admin, demo users): trimmed, 1 to 100 characters, no control, line or
// bidirectional-override characters (a name is shown beside others' names and
// in the audit log), and unique regardless of case (a rater cannot pass as
// another). The database holds the same rule (app_user_name_valid and
// app_user_name_lower_key), so no path that skips this module can break it.
import "server-only";
import type { ValidationIssue } from "@/lib/aif/types";
import type { DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";

export const DISPLAY_NAME_MAX_LENGTH = 100;
const NAME_INDEX = "app_user_name_lower_key";
// C0/C1 controls, line and paragraph separators, bidi embeddings, overrides and isolates.
const UNSHOWABLE = /[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** The name as it is stored, or the issue (on `path`) that keeps it from being stored. */
export function checkDisplayName(
  value: unknown,
  path = "/name",
): { name: string; issue: null } | { name: null; issue: ValidationIssue } {
  const name = typeof value === "string" ? value.trim() : "";
  const length = [...name].length;
  if (length === 0 || length > DISPLAY_NAME_MAX_LENGTH) {
    return {
      name: null,
      issue: { path, rule: "length", message: `Enter a name of 1 to ${DISPLAY_NAME_MAX_LENGTH} characters` },
    };
  }
  if (UNSHOWABLE.test(name)) {
    return {
      name: null,
      issue: { path, rule: "printable", message: "Use a name without control or text-direction characters" },
    };
  }
  return { name, issue: null };
}

export function nameTaken(path = "/name"): AppError {
  return new AppError("CONFLICT", "This name is already taken; choose another", [
    { path, rule: "unique", message: "Another user already has this name (names are compared regardless of case)" },
  ]);
}

/** Throws CONFLICT naming the field when another user has the name (in any case). */
export async function assertDisplayNameFree(client: DbClient, name: string): Promise<void> {
  // The index's own expression, so this check and the index agree on what "the same name" is.
  const taken = await client.$queryRaw<unknown[]>`SELECT 1 FROM app_user WHERE lower(name) = lower(${name}) LIMIT 1`;
  if (taken.length > 0) throw nameTaken();
}

/** A unique-index violation on the name: two users took the same name at the same moment. */
export function isDisplayNameCollision(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  return `${error.message} ${JSON.stringify(error.meta ?? {})}`.includes(NAME_INDEX);
}
