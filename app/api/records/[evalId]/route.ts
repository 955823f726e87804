// GET /api/records/:evalId: the stored record body, exactly as exported
// (404 for a record that is not the caller's, unless admin) — except the
// fields that name the system of one's own pairwise record while its suite is
// open, left out and named in X-Withheld-Fields (lib/records/withheld.ts).
import { header } from "@/lib/api-docs/operation";
import { AifRecordSchema } from "@/lib/api-schemas/records";
import { defineRoute, reply } from "@/lib/http/define-route";
import { getRecord } from "@/lib/records/read-records";
import { WITHHELD_DESCRIPTION, WITHHELD_HEADER } from "@/lib/records/withheld";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/records/{evalId}",
    id: "getRecord",
    tag: "Records",
    access: "records.read_own",
    summary: "Read a record exactly as stored",
    description: `The record as stored and exported. ${WITHHELD_DESCRIPTION} The header ${WITHHELD_HEADER} then lists the JSON Pointers left out.`,
    responses: {
      200: {
        description: "The record (see the description for the fields withheld from one's own pairwise records).",
        schema: AifRecordSchema,
        headers: {
          [WITHHELD_HEADER]: header(
            "present when fields were withheld: their JSON Pointers, comma-separated (e.g. `/subject/system_under_test`)",
          ),
        },
      },
    },
    errors: [404],
  },
  async ({ actor, params }) => {
    const record = await getRecord({ actor, evalId: params.evalId });
    if (record.withheld.length === 0) return record.body;
    return reply(record.body, 200, { [WITHHELD_HEADER]: record.withheld.join(", ") });
  },
);
