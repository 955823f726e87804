// What a gold item's `task.calibration_target` expects, and how a rating
// compares. AIF leaves the target's shape open; these shapes are read:
//   {"universal": {"helpfulness": {"score": 4}}}   a partial AIF record
//   {"universal": {"helpfulness": 4}}
//   {"universal.helpfulness": 4}
//   {"helpfulness": 4}                              a universal dimension by name
// Anything else in the target (verdicts, notes) is not a Likert expectation and is ignored.
import { isLikertDimension, scoreOf } from "./likert-dimensions";

export type CalibrationFeedback = { dimension: string; expected: number; given: number; error: number };

export function expectedScores(target: unknown): Map<string, number> {
  const expected = new Map<string, number>();
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === "number") {
      const segments = path.at(-1) === "score" ? path.slice(0, -1) : path;
      const dotted = segments.join(".");
      const dimension = isLikertDimension(dotted) ? dotted : `universal.${dotted}`;
      if (isLikertDimension(dimension) && node >= 1 && node <= 5) expected.set(dimension, node);
    } else if (typeof node === "object" && node !== null && !Array.isArray(node)) {
      for (const [key, child] of Object.entries(node)) walk(child, [...path, ...key.split(".")]);
    }
  };
  walk(target, []);
  return expected;
}

/** For a rating of a gold item: each expected dimension the rater scored, with the signed error. Empty otherwise. */
export function calibrationFeedback(record: Record<string, unknown>): CalibrationFeedback[] {
  const task = record.task as { gold_item_id?: unknown; calibration_target?: unknown } | undefined;
  if (!task?.gold_item_id || !task.calibration_target) return [];
  return [...expectedScores(task.calibration_target)].flatMap(([dimension, expected]) => {
    const given = scoreOf(record, dimension);
    return given === undefined ? [] : [{ dimension, expected, given, error: given - expected }];
  });
}
