// Settings of a new judge run (zod; also the source of the OpenAPI request body).
import { z } from "zod";

export const StartJudgeRunInput = z
  .object({
    n_samples: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(5)
      .describe("independent samples per item, aggregated into one record"),
    temperature: z.number().min(0).max(2).default(0.7),
  })
  .strict();
