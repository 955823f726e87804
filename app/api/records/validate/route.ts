// POST /api/records/validate: checks a complete AIF record against the contract
// and its rules, as the CLI's `validate` does; stores nothing.
import { AifRecordSchema, ValidationReportSchema } from "@/lib/api-schemas/records";
import { defineRoute } from "@/lib/http/define-route";
import { checkRecord } from "@/lib/records/check-record";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/records/validate",
    id: "validateRecord",
    tag: "Records",
    access: "records.read_own",
    summary: "Check a complete record without storing it",
    description:
      "Checks the AIF schema and its companion rules (AifRecordWithRules) and answers with every issue, as the CLI's validate does; nothing is stored.",
    body: AifRecordSchema,
    responses: {
      200: { description: "The verdict (also when the record is not valid).", schema: ValidationReportSchema },
    },
    errors: [400],
  },
  async ({ actor, body }) => {
    const errors = checkRecord({ actor, record: body });
    return { valid: errors.length === 0, errors };
  },
);
