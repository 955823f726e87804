// A pair's draft, saved as the rating page saves an assignment's: versioned
// through the work-item engine (a save on a stale version changes nothing and
// answers CONFLICT with the newer draft) and extending the hold.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { draftToSave } from "@/lib/work-items/draft-input";
import { draftNotSaved, saveWorkItemDraft, workItemNotFound, type SavedDraft } from "@/lib/work-items/engine";
import { PAIR_ASSIGNMENT, pairAssignmentAccess } from "./pair-kind";
import { PairDraftInput } from "./validation";

const MAX_PAIR_DRAFT_BYTES = 1024 * 1024;

/** The pair draft as JSON to store: its own fields checked, each response checked as one form's draft. */
export function pairDraftToSave(options: { draft: unknown; baseVersion: unknown }): {
  json: string;
  baseVersion: number;
} {
  const parsed = PairDraftInput.safeParse(options.draft);
  // Issues name their place in the request body, as the form drafts' do (/draft/...).
  if (!parsed.success)
    throw new AppError(
      "INVALID_INPUT",
      "The draft is not valid",
      parsed.error.issues.map((issue) => ({
        path: ["/draft", ...issue.path.map(String)].join("/"),
        rule: issue.code,
        message: issue.message,
      })),
    );
  const draft = parsed.data;
  for (const [index, response] of (draft.responses ?? []).entries()) {
    try {
      draftToSave({ draft: response, baseVersion: options.baseVersion });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(
        error.code,
        `Response ${index + 1}: ${error.message}`,
        error.issues.map((issue) => ({ ...issue, path: issue.path.replace(/^\/draft/, `/draft/responses/${index}`) })),
      );
    }
  }
  // The version and size rules are the form draft's; the pair holds two forms.
  const { baseVersion } = draftToSave({ draft: {}, baseVersion: options.baseVersion });
  const json = JSON.stringify(draft);
  if (Buffer.byteLength(json) > MAX_PAIR_DRAFT_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", `A pair's draft may hold at most ${MAX_PAIR_DRAFT_BYTES} bytes`);
  return { json, baseVersion };
}

export async function savePairDraft(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  actor: Actor;
  assignmentId: string;
  baseVersion: unknown;
  draft: unknown;
}): Promise<SavedDraft> {
  const { actor, assignmentId } = options;
  authorize(actor, "queue.work");
  if (!isUuid(assignmentId)) throw workItemNotFound(PAIR_ASSIGNMENT);
  const saved = await saveWorkItemDraft(db(), PAIR_ASSIGNMENT, {
    id: assignmentId,
    access: pairAssignmentAccess(actor.userId),
    activeMs: options.activeMs,
    draft: options.draft,
    baseVersion: options.baseVersion,
    parseDraft: pairDraftToSave,
  });
  if (saved) return saved;
  // Read with the same access as the save: a rater taken off the suite's list gets NOT_FOUND, not a conflict.
  const [current] = await db().$queryRaw<{ status: string; draftVersion: number; draft: unknown }[]>`
    SELECT w.status, w.draft_version AS "draftVersion", w.draft FROM pairwise_assignment w
    WHERE w.id = ${assignmentId}::uuid AND ${pairAssignmentAccess(actor.userId)}`;
  if (!current) throw workItemNotFound(PAIR_ASSIGNMENT);
  throw draftNotSaved(PAIR_ASSIGNMENT, current, options.baseVersion);
}
