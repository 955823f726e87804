// A new share link's input (zod; also the source of the OpenAPI request body).
import { z } from "zod";

export const NewShareLinkInput = z.object({
  label: z.string().trim().min(1, "Name the link (who it is for)").max(200),
});
