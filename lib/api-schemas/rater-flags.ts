// Bodies and answers of the integrity-flag routes (lib/raters/integrity-flags.ts).
import { z } from "zod";
import { named } from "@/lib/http/route-contract";

export const FlagDismissalSchema = named(
  "FlagDismissal",
  z.object({
    flag_key: z.string().describe("the flag's key, as the alerts page lists it"),
    evidence_key: z.string().describe("the evidence the admin saw: the same flag on new evidence shows again"),
    reason: z.string().describe("why the flag is harmless (1 to 2,000 characters)"),
  }),
);
export const FlagDismissedSchema = named("FlagDismissed", z.object({ dismissed: z.boolean() }));
