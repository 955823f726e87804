// A skip request's body (zod, server side; the reasons themselves are in skip-reasons.ts).
import { z } from "zod";
import { SKIP_REASONS } from "./skip-reasons";

export const SkipInput = z
  .object({ reason: z.enum(SKIP_REASONS), comment: z.string().trim().max(1000).optional() })
  .refine((input) => input.reason !== "other" || (input.comment ?? "") !== "", {
    path: ["comment"],
    message: "Say why you skip this item",
  });
