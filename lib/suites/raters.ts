// Who may be a suite's rater: an active user with the rater or SME role.
import "server-only";
import type { DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";

/** The ids, if each is an active rater or SME; otherwise INVALID_INPUT naming each one that is not. */
export async function requireActiveRaters(client: DbClient, ids: string[], message: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const raters = await client.user.findMany({
    where: { id: { in: ids }, disabledAt: null, roles: { hasSome: ["rater", "sme"] } },
    select: { id: true },
  });
  const found = new Set(raters.map((rater) => rater.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw new AppError(
      "INVALID_INPUT",
      message,
      unknown.map((id) => ({
        path: "/rater_ids",
        rule: "raterExists",
        message: `no active rater or SME has id ${id}`,
      })),
    );
  }
  return ids.filter((id, index) => ids.indexOf(id) === index);
}
