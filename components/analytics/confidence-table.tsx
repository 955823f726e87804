// Do raters know when they know: the error against gold at each confidence
// level a rater gave, overall and per rater, with raters whose "high" is no
// more accurate than their "low" called out in words.
import { TableScroll } from "@/components/table-scroll";
import type { ConfidenceLevel } from "@/lib/analytics/confidence-calibration";
import { MIN_RATINGS_PER_LEVEL } from "@/lib/analytics/confidence-calibration";
import type { SuiteCalibration } from "@/lib/analytics/suite-calibration-types";

const error = (level: ConfidenceLevel | undefined) =>
  level && level.meanAbsoluteError !== null ? `${level.meanAbsoluteError.toFixed(2)} (${level.ratings})` : "—";

const REFERENCES = {
  gold: { id: "confidence-calibration", heading: "Do raters know when they know?", against: "gold items" },
  adjudicated: {
    id: "confidence-vs-adjudicated",
    heading: "Do raters know when they know? Against adjudicated answers",
    against: "the adjudicated (authoritative) answers",
  },
} as const;

/** `reference`: what the error is measured against (gold by default; adjudicated answers as a second reference). */
export function ConfidenceTable({
  confidence,
  reference = "gold",
}: {
  confidence: SuiteCalibration["confidence"];
  reference?: keyof typeof REFERENCES;
}) {
  const { id, heading, against } = REFERENCES[reference];
  if (confidence.overall.every((level) => level.ratings === 0)) return null;
  const levels = confidence.overall.map((level) => level.level);
  const flagged = confidence.raters.filter((rater) => rater.highNoBetterThanLow);
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <p className="help-block">
        Mean absolute error against {against} at each confidence the rater gave the score (number of scores in
        brackets). A rater is flagged when their “high” is no more accurate than their “low”, with at least{" "}
        {MIN_RATINGS_PER_LEVEL} scores at each.
      </p>
      {flagged.length > 0 ? (
        <p className="notice notice-error" data-testid={reference === "gold" ? "confidence-warning" : `${id}-warning`}>
          {flagged.length === 1 ? "1 rater's" : `${flagged.length} raters'`} “high” is no more accurate than their
          “low”: {flagged.map((rater) => rater.name).join(", ")}.
        </p>
      ) : null}
      <TableScroll label={heading}>
        <table className="records-table" data-testid={id}>
          <thead>
            <tr>
              <th scope="col">Rater</th>
              {levels.map((level) => (
                <th key={level} scope="col">
                  {level}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Everyone</th>
              {levels.map((level) => (
                <td key={level}>{error(confidence.overall.find((entry) => entry.level === level))}</td>
              ))}
            </tr>
            {confidence.raters.map((rater) => (
              <tr key={rater.rater} data-flagged={rater.highNoBetterThanLow ? "true" : "false"}>
                <th scope="row">
                  {rater.name} <span className="help-block">{rater.raterType}</span>
                  {rater.highNoBetterThanLow ? <div className="differs-mark">high no better than low</div> : null}
                </th>
                {levels.map((level) => (
                  <td key={level}>{error(rater.levels.find((entry) => entry.level === level))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
