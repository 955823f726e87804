// The report's estimates: per system under test and measure, the judge-only
// (biased), human-only and corrected (PPI++) estimates with 95 % intervals,
// drawn on one scale, and how many more human ratings a target width needs.
import { TableScroll } from "@/components/table-scroll";
import { IntervalChart, IntervalText } from "./estimate-intervals";
import type { MeasureEstimates, RatingsEstimates } from "@/lib/estimates/ratings-estimates";

const MEASURE_PREFIXES: [string, string][] = [
  ["likert:", ""],
  ["hazard:", "share violating: "],
  ["refusal:", "refusal "],
];

function measureLabel(measure: MeasureEstimates): string {
  for (const [prefix, label] of MEASURE_PREFIXES)
    if (measure.measure.startsWith(prefix)) return `${label}${measure.measure.slice(prefix.length)}`;
  return measure.measure;
}

const digits = (measure: MeasureEstimates) => (measure.kind === "share" ? 3 : 2);

const scaleOf = (measure: MeasureEstimates): [number, number] => (measure.kind === "share" ? [0, 1] : [1, 5]);

function needed(measure: MeasureEstimates): string {
  const result = measure.ratingsNeeded;
  if (!result) return "—";
  if (!result.reachable) return "not reachable with this suite's items";
  return result.more === 0 ? "target met" : `${result.more} more human ratings needed`;
}

export function EstimatesSection({
  estimates,
  hiddenFields,
}: {
  estimates: RatingsEstimates;
  /** The report's slice parameters, kept when the target width form is sent. */
  hiddenFields: [string, string][];
}) {
  return (
    <section className="panel" aria-labelledby="estimates">
      <h2 id="estimates">Estimates: judge only, human only, corrected</h2>
      <p className="help-block">
        Corrected = PPI++ (Angelopoulos, Duchi &amp; Zrnic 2023): the judge&apos;s mean over every item it rated,
        corrected by its error on the items humans rated too, with power tuning λ in [0, 1] (λ = 0 is the human-only
        estimate). 95 % intervals. Several humans&apos; ratings of one item are averaged into one label; a not-rated
        judge field is no judge rating; adjudication decisions are not used. The judge-only figure is biased by whatever
        bias the judge has. Each chart draws, top to bottom, judge only (grey), human only (blue) and corrected (green)
        on the measure&apos;s scale: 1 to 5 for a score, 0 to 1 for a share.
      </p>
      <form method="get" className="inline-form">
        {hiddenFields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="estimates-target-width">Target interval width</label>{" "}
        <input
          id="estimates-target-width"
          name="target_width"
          type="number"
          step="any"
          min="0"
          defaultValue={estimates.targetWidth ?? ""}
        />{" "}
        <button type="submit">Show human ratings needed</button>
      </form>
      {estimates.systems.length === 0 ? (
        <p>No ratings to estimate from.</p>
      ) : (
        estimates.systems.map((system) => (
          <div key={system.system}>
            <h3>{system.system}</h3>
            <TableScroll label={`Estimates of ${system.system}`}>
              <table className="records-table estimates-table" data-testid="estimates">
                <thead>
                  <tr>
                    <th scope="col">Measure</th>
                    <th scope="col">Judge only (biased)</th>
                    <th scope="col">Human only</th>
                    <th scope="col">Corrected</th>
                    <th scope="col">λ</th>
                    <th scope="col">Intervals</th>
                    <th scope="col">Items: both rated / judge only</th>
                    {estimates.targetWidth !== null ? <th scope="col">Toward the target</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {system.measures.map((measure) => (
                    <tr key={measure.measure}>
                      <th scope="row">{measureLabel(measure)}</th>
                      <td>
                        <IntervalText interval={measure.judgeOnly} digits={digits(measure)} />
                      </td>
                      <td>
                        <IntervalText interval={measure.humanOnly} digits={digits(measure)} />
                      </td>
                      <td>
                        <IntervalText interval={measure.corrected} digits={digits(measure)} />
                      </td>
                      <td>{measure.corrected ? measure.corrected.lambda.toFixed(2) : "—"}</td>
                      <td>
                        <IntervalChart estimates={measure} scale={scaleOf(measure)} />
                      </td>
                      <td>
                        {measure.used.labelled} / {measure.used.unlabelled}
                        {measure.used.humanWithoutJudge > 0 ? ` (+${measure.used.humanWithoutJudge} human only)` : ""}
                      </td>
                      {estimates.targetWidth !== null ? <td>{needed(measure)}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </div>
        ))
      )}
    </section>
  );
}
