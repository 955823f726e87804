// What adjudication teaches: agreement before and after the adjudicated
// answers stand, each rater's accuracy against them beside their accuracy on
// gold, and the judge's agreement with humans per model and prompt version.
import { TableScroll } from "@/components/table-scroll";
import { fieldName } from "@/lib/aif/field-labels";
import Link from "next/link";
import type { AdjudicationLessons } from "@/lib/analytics/adjudication-lessons-report";
import { CLEAR_CHANGE, MIN_PAIRS_FOR_CHANGE } from "@/lib/analytics/judge-versions";

const fixed = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined ? "—" : value.toFixed(digits);
const share = (part: number, whole: number) =>
  whole === 0 ? "—" : `${Math.round((100 * part) / whole)}% (${part}/${whole})`;
const signed = (value: number | null) => (value === null ? "—" : `${value > 0 ? "+" : ""}${value.toFixed(2)}`);

export function AdjudicationLessonsSection({
  lessons,
  drillHref,
}: {
  lessons: AdjudicationLessons;
  /** The items behind a dimension's human↔human α. */
  drillHref: (dimension: string) => string;
}) {
  return (
    <section className="panel" aria-labelledby="adjudication-lessons" data-testid="adjudication-lessons">
      <h2 id="adjudication-lessons">What adjudication teaches</h2>
      {lessons.adjudicatedItems === 0 ? (
        <p>No item of this report has been adjudicated yet.</p>
      ) : (
        <>
          <h3>Agreement before and after adjudication</h3>
          <p className="help-block">
            Human ↔ human α of {lessons.adjudicatedItems} adjudicated item{lessons.adjudicatedItems === 1 ? "" : "s"}{" "}
            and the rest: “before” on the ratings as stored; “after” with every human rating of an adjudicated item
            replaced by its authoritative score (each item keeps its weight). The rise is the disagreement adjudication
            settled; what is left is in items not adjudicated yet.
          </p>
          <TableScroll label="Agreement before and after adjudication">
            <table className="records-table" data-testid="alpha-before-after">
              <thead>
                <tr>
                  <th scope="col">Dimension</th>
                  <th scope="col">α before</th>
                  <th scope="col">α after</th>
                  <th scope="col">Change</th>
                  <th scope="col">Adjudicated / units</th>
                </tr>
              </thead>
              <tbody>
                {lessons.alpha.map((entry) => (
                  <tr key={entry.dimension}>
                    <th scope="row" title={entry.dimension}>
                      <Link href={drillHref(entry.dimension)}>{fieldName(entry.dimension)}</Link>
                    </th>
                    <td>{fixed(entry.before)}</td>
                    <td>{fixed(entry.after)}</td>
                    <td>{entry.before === null || entry.after === null ? "—" : signed(entry.after - entry.before)}</td>
                    <td>
                      {entry.adjudicatedUnits} / {entry.units}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
      {lessons.raters.length > 0 ? (
        <>
          <h3>Accuracy against adjudicated answers and on gold</h3>
          <p className="help-block">
            Against adjudicated answers: how often the rater&apos;s value (a Likert score or a hazard verdict) was the
            one kept, and the mean absolute error of their scores. On gold: how often their score hit the expected
            score, and the mean absolute error.
          </p>
          <TableScroll label="Raters against adjudicated answers and gold">
            <table className="records-table" data-testid="rater-accuracy">
              <thead>
                <tr>
                  <th scope="col">Rater</th>
                  <th scope="col">Value kept</th>
                  <th scope="col">Error vs adjudicated</th>
                  <th scope="col">Exact on gold</th>
                  <th scope="col">Error on gold</th>
                </tr>
              </thead>
              <tbody>
                {lessons.raters.map((rater) => {
                  const likert = rater.adjudicated?.fields.filter((field) => field.meanAbsoluteError !== null) ?? [];
                  const compared = likert.reduce((sum, field) => sum + field.compared, 0);
                  const error =
                    compared === 0
                      ? null
                      : likert.reduce((sum, field) => sum + field.meanAbsoluteError! * field.compared, 0) / compared;
                  return (
                    <tr key={rater.rater}>
                      <th scope="row">
                        {rater.name} <span className="help-block">{rater.raterType}</span>
                      </th>
                      <td>{rater.adjudicated ? share(rater.adjudicated.kept, rater.adjudicated.compared) : "—"}</td>
                      <td>{fixed(error)}</td>
                      <td>{rater.gold ? share(rater.gold.exact, rater.gold.compared) : "—"}</td>
                      <td>{fixed(rater.gold?.meanAbsoluteError)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
      {lessons.judgeVersions.length > 0 ? (
        <>
          <h3>The judge per model and prompt version</h3>
          <p className="help-block">
            Mean absolute difference between the judge&apos;s and the humans&apos; scores of the same item (lower is
            closer), in order of first use. A change is called when it moves by {CLEAR_CHANGE} or more with at least{" "}
            {MIN_PAIRS_FOR_CHANGE} pairs on both sides.
          </p>
          <TableScroll label="The judge per prompt version">
            <table className="records-table" data-testid="judge-versions">
              <thead>
                <tr>
                  <th scope="col">Model · version</th>
                  <th scope="col">First used</th>
                  <th scope="col">Pairs</th>
                  <th scope="col">Mean |judge − human|</th>
                  <th scope="col">Human ↔ judge α</th>
                  <th scope="col">Against the version before</th>
                </tr>
              </thead>
              <tbody>
                {lessons.judgeVersions.map((version) => (
                  <tr key={`${version.model}|${version.version}`} data-verdict={version.change?.verdict ?? "first"}>
                    <th scope="row">
                      {version.model} · <span className="mono">{version.version}</span>
                    </th>
                    <td>{version.firstUsed.slice(0, 10)}</td>
                    <td>{version.pairs}</td>
                    <td>{fixed(version.meanAbsoluteDifference)}</td>
                    <td>
                      {version.dimensions.map((entry) => (
                        <div key={entry.dimension}>
                          <span title={entry.dimension}>{fieldName(entry.dimension)}</span> {fixed(entry.alpha)}
                        </div>
                      ))}
                    </td>
                    <td>
                      {version.change
                        ? `${version.change.verdict} (${signed(version.change.meanAbsoluteDifference)} vs ${version.change.previous})`
                        : "first version"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <h3>The judge week by week</h3>
          <TableScroll label="The judge week by week">
            <table className="records-table" data-testid="judge-weeks">
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Model · version</th>
                  <th scope="col">Pairs</th>
                  <th scope="col">Mean |judge − human|</th>
                </tr>
              </thead>
              <tbody>
                {lessons.judgeWeeks.map((week) => (
                  <tr key={`${week.week}|${week.model}|${week.version}`}>
                    <th scope="row">{week.week}</th>
                    <td>
                      {week.model} · <span className="mono">{week.version}</span>
                    </td>
                    <td>{week.pairs}</td>
                    <td>{fixed(week.meanAbsoluteDifference)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
    </section>
  );
}
