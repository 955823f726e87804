// Every rating of one item, field by field: one column per record (rater and
// type on top), one row per judged field; rows where scores, choices or flags
// differ are marked in words as well as colour (free text — rationales,
// evidence, notes — is worded differently by everyone, so it is shown, not
// flagged). Values are rendered as text.
import Link from "next/link";
import { readablePath } from "@/lib/aif/field-labels";
import type { ComparedField } from "@/lib/records/field-comparison";

export type ComparedRating = { evalId: string; raterType: string; rater: string; submittedAt: Date; flow: string };

const shown = (value: string | number | boolean | undefined) =>
  value === undefined ? "—" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);

export function RatingsComparison({ ratings, fields }: { ratings: ComparedRating[]; fields: ComparedField[] }) {
  if (ratings.length === 0) return <p className="help-block">No rating of this item counts in the suite yet.</p>;
  const values = fields.filter((field) => field.kind === "value");
  const differing = values.filter((field) => field.differs).length;
  return (
    <>
      <p>
        {ratings.length} rating{ratings.length === 1 ? "" : "s"} · {differing} of {values.length} scores, choices and
        flags differ (marked “differs”).
      </p>
      <div className="compare-scroll" tabIndex={0} role="region" aria-label="Ratings field by field">
        <table className="records-table compare-table" data-testid="ratings-comparison">
          <thead>
            <tr>
              <th scope="col">Field</th>
              {ratings.map((rating) => (
                <th key={rating.evalId} scope="col" data-eval-id={rating.evalId}>
                  {rating.rater}
                  <div className="help-block">
                    {rating.raterType} · {rating.flow.replace(/_/g, " ")} ·{" "}
                    {rating.submittedAt.toISOString().slice(0, 16).replace("T", " ")}
                  </div>
                  <Link href={`/records/${rating.evalId}`} className="help-block">
                    record
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr
                key={field.pointer}
                className={field.differs && field.kind === "value" ? "differs" : undefined}
                data-pointer={field.pointer}
                data-kind={field.kind}
              >
                <th scope="row">
                  {readablePath(field.pointer)}
                  {field.differs && field.kind === "value" ? <div className="differs-mark">differs</div> : null}
                </th>
                {field.values.map((value, index) => (
                  <td key={ratings[index]!.evalId}>{shown(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
