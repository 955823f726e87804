// A new share link's input (zod; also the source of the OpenAPI request body).
import { z } from "zod";

export const NewShareLinkInput = z.object({
  label: z.string().trim().min(1, "Name the link (who it is for)").max(200),
  max_slots_per_item: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("how many of each item's k slots this link's visitors may fill; default: half of k, rounded up"),
  max_items_per_hour: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe("new items this link's visitors may take per hour, all visitors together; default 100"),
});
