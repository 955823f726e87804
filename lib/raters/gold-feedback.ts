// A rater's gold feedback history: on each gold item they rated, what the
// item's calibration target expected and what they gave (the same comparison
// the submit answers with: lib/analytics/calibration-target.ts). Their own only.
import "server-only";
import { calibrationFeedback, type CalibrationFeedback } from "@/lib/analytics/calibration-target";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";

export type GoldFeedback = {
  evalId: string;
  suiteName: string;
  taskId: string;
  submittedAt: Date;
  dimensions: CalibrationFeedback[];
};

export async function myGoldFeedback(options: { actor: Actor; limit?: number }): Promise<GoldFeedback[]> {
  authorize(options.actor, "records.read_own");
  const rows = await db().$queryRaw<
    { eval_id: string; suite_name: string; task_id: string; submitted_at: Date; body: Record<string, unknown> }[]
  >`
    SELECT a.eval_id::text, s.name AS suite_name, r.task_id, a.submitted_at, r.body
    FROM assignment a JOIN suite s ON s.id = a.suite_id JOIN eval_record r ON r.eval_id = a.eval_id
    WHERE a.user_id = ${options.actor.userId} AND a.status = 'submitted' AND a.is_gold
    ORDER BY a.submitted_at DESC LIMIT ${Math.min(Math.max(options.limit ?? 20, 1), 100)}`;
  return rows.map((row) => ({
    evalId: row.eval_id,
    suiteName: row.suite_name,
    taskId: row.task_id,
    submittedAt: row.submitted_at,
    dimensions: calibrationFeedback(row.body),
  }));
}
