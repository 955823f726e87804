// The HTTP answer of an import staged by a one-request route (records,
// prefills with ?policy=stage): the import's summary, where it lives, and 201.
import { snakeKeys } from "@/lib/http/snake-case";
import type { ImportSummary } from "./service";

export function stagedAnswer(summary: ImportSummary): Response {
  return Response.json(snakeKeys(summary), { status: 201, headers: { Location: `/api/imports/${summary.id}` } });
}
