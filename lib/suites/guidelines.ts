// A suite's guidelines for its raters (markdown source, read beside the form,
// stored as text and always shown as text). They are changed with the rest of
// the suite's settings (./change-suite.ts).
import "server-only";
import { db } from "@/lib/db";
import { isUuid } from "@/lib/ids";

/** The guidelines of a suite whose assignment the caller was already shown (the rating page checked it). */
export async function guidelinesOfSuite(suiteId: string): Promise<string> {
  if (!isUuid(suiteId)) return "";
  const suite = await db().suite.findUnique({ where: { id: suiteId }, select: { guidelines: true } });
  return suite?.guidelines ?? "";
}
