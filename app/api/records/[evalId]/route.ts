// GET /api/records/:evalId: the stored record body, exactly as exported
// (404 for a record that is not the caller's, unless admin).
import { AifRecordSchema } from "@/lib/api-schemas/records";
import { defineRoute } from "@/lib/http/define-route";
import { getRecord } from "@/lib/records/service";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/records/{evalId}",
    id: "getRecord",
    tag: "Records",
    access: "records.read_own",
    summary: "Read a record exactly as stored",
    responses: { 200: { description: "The record.", schema: AifRecordSchema } },
    errors: [404],
  },
  async ({ actor, params }) => (await getRecord({ actor, evalId: params.evalId })).body,
);
