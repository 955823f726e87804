// The estimates' inputs that are not the AIF form: the query of GET /api/suites/:id/estimates.
import { z } from "zod";

export const EstimatesQuery = z.object({
  target_width: z.coerce
    .number()
    .positive()
    .max(1_000)
    .optional()
    .describe("full width (upper - lower) of the 95% interval wanted: answers how many more human ratings it needs"),
});

/** The report page's ?target_width=: a positive number, else none (an empty or bad field shows no target). */
export function targetWidthOf(value: string | string[] | undefined): number | null {
  const parsed = EstimatesQuery.shape.target_width.safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success && parsed.data !== undefined ? parsed.data : null;
}
