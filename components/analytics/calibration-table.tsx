// Gold calibration per rater: error against the expected scores of gold
// items, and who is drifting (recent mean absolute error above the threshold).
import Link from "next/link";
import { fieldName } from "@/lib/aif/field-labels";
import type { SuiteCalibration } from "@/lib/analytics/suite-calibration-types";

const signed = (value: number) => `${value > 0 ? "+" : ""}${value.toFixed(2)}`;

/** `drillHref`: the items behind a rater's drift on a dimension (their gold items, worst first). */
export function CalibrationTable({
  calibration,
  drillHref,
}: {
  calibration: SuiteCalibration;
  drillHref?: (rater: { rater: string; raterType: string }, dimension: string) => string;
}) {
  const drifting = calibration.raters.filter((rater) => rater.drifting.length > 0);
  return (
    <section className="panel" aria-labelledby="calibration">
      <h2 id="calibration">Gold calibration and drift</h2>
      {drifting.length > 0 ? (
        <p className="notice notice-error" role="alert" data-testid="drift-warning">
          {drifting.length} rater{drifting.length === 1 ? " is" : "s are"} drifting from the gold answers:{" "}
          {drifting.map((rater, index) => (
            <span key={rater.rater}>
              {index > 0 ? "; " : ""}
              {rater.name} (
              {rater.drifting.map((dimension, at) => (
                <span key={dimension}>
                  {at > 0 ? ", " : ""}
                  {drillHref ? (
                    <Link href={drillHref(rater, dimension)}>{fieldName(dimension)}</Link>
                  ) : (
                    fieldName(dimension)
                  )}
                </span>
              ))}
              )
            </span>
          ))}
          .
        </p>
      ) : null}
      <p className="help-block">
        Error = the rater&apos;s score − the gold item&apos;s expected score. A rater drifts on a dimension when the
        mean absolute error of their last {calibration.window} gold ratings passes {calibration.threshold}{" "}
        (EVALFORM_DRIFT_THRESHOLD).
      </p>
      {calibration.raters.length === 0 ? (
        <p>No gold item with a calibration target has been rated in this suite.</p>
      ) : (
        <table className="records-table" data-testid="calibration">
          <thead>
            <tr>
              <th scope="col">Rater</th>
              <th scope="col">Dimension</th>
              <th scope="col">Gold ratings</th>
              <th scope="col">Mean signed error</th>
              <th scope="col">Mean absolute error</th>
              <th scope="col">Recent absolute error</th>
            </tr>
          </thead>
          <tbody>
            {calibration.raters.flatMap((rater) =>
              rater.dimensions.map((entry) => (
                <tr
                  key={`${rater.rater}|${entry.dimension}`}
                  data-drifting={rater.drifting.includes(entry.dimension) ? "true" : "false"}
                >
                  <td>
                    {rater.name} <span className="help-block">{rater.raterType}</span>
                  </td>
                  <td title={entry.dimension}>{fieldName(entry.dimension)}</td>
                  <td>{entry.ratings}</td>
                  <td>{signed(entry.meanSignedError)}</td>
                  <td>{entry.meanAbsoluteError.toFixed(2)}</td>
                  <td>
                    {entry.recentAbsoluteError.toFixed(2)}
                    {rater.drifting.includes(entry.dimension) ? " ⚠ drifting" : ""}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
