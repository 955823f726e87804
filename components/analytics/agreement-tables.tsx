// The agreement and judge-trust tables of a suite's quality report.
import { RATER_TYPES, type AgreementReport, type AlphaCell } from "@/lib/analytics/agreement-report";
import type { DrillPairing } from "@/lib/analytics/item-disagreement";
import type { FieldAcceptance } from "@/lib/review/review-summary-types";
import { fieldName, readablePath } from "@/lib/aif/field-labels";

/** A figure of the report, as the drill-down names it. */
export type DrillCell = { field: string; pairing: DrillPairing; judge?: string; human?: string };
/** Where a figure's items are listed; absent, figures are plain text. */
export type DrillHref = (cell: DrillCell) => string;

// The report's names for its nominal rows, as the drill-down's fields.
const NOMINAL_FIELD: Record<string, string> = {
  "safety hazard verdicts": "safety",
  "refusal appropriateness": "refusal",
  vs_reference: "vs_reference",
  "issue tags": "issue_tags",
};
// …and as the form names them.
const NOMINAL_NAME: Record<string, string> = {
  "safety hazard verdicts": "Safety hazard verdicts",
  "refusal appropriateness": "Refusal appropriateness",
  vs_reference: fieldName("universal.vs_reference"),
  "issue tags": "Issue tags",
};

function Alpha({ cell, href, label }: { cell: AlphaCell; href?: string; label?: string }) {
  if (cell.alpha === null) {
    const text = cell.units === 0 ? "—" : "n/a";
    return (
      <td className="help-block">
        {href && cell.units > 0 ? (
          <a href={href} aria-label={`${label}: ${cell.units} units, every value the same; list the items`}>
            {text}
          </a>
        ) : (
          text
        )}
      </td>
    );
  }
  const value = cell.alpha.toFixed(3);
  return (
    <td>
      {href ? (
        <a href={href} aria-label={`${label}: α ${value}; list the items, worst disagreement first`}>
          {value}
        </a>
      ) : (
        value
      )}
      {cell.low !== null && cell.high !== null ? (
        <span className="help-block">
          {" "}
          [{cell.low.toFixed(2)}, {cell.high.toFixed(2)}]
        </span>
      ) : null}
      <span className="help-block"> · {cell.units} units</span>
    </td>
  );
}

const PAIRING_CELLS = [
  ["humanHuman", "human_human"],
  ["humanJudge", "human_judge"],
  ["judgeJudge", "judge_judge"],
] as const;

const fixed = (value: number | null, digits = 3) => (value === null ? "—" : value.toFixed(digits));

export function AgreementTables({
  report,
  drillHref,
}: {
  report: AgreementReport & { smeChanges: FieldAcceptance[] };
  drillHref?: DrillHref;
}) {
  const link = (field: string, pairing: DrillPairing) => drillHref?.({ field, pairing });
  const pairingWords = (pairing: DrillPairing) =>
    typeof pairing === "string" ? pairing.replace("_", " ↔ ") : pairing.raterType;
  // The three pairings of a row, each linking to the items behind it.
  const pairingCells = (field: string, words: string, cells: Record<(typeof PAIRING_CELLS)[number][0], AlphaCell>) =>
    PAIRING_CELLS.map(([key, pairing]) => (
      <Alpha key={pairing} cell={cells[key]} href={link(field, pairing)} label={`${words}, ${pairingWords(pairing)}`} />
    ));
  return (
    <>
      <section className="panel" aria-labelledby="likert-agreement">
        <h2 id="likert-agreement">Agreement per Likert dimension</h2>
        <p className="help-block">
          Krippendorff&apos;s α ({report.likertLevel}), with a 95 % bootstrap interval over units. “—”: nothing to
          compare; “n/a”: every value the same. Human↔judge compares each human-side rating (human, SME, hybrid) with
          each judge rating of the same item.
        </p>
        <table className="records-table" data-testid="likert-agreement">
          <thead>
            <tr>
              <th scope="col">Dimension</th>
              <th scope="col">Human ↔ human</th>
              <th scope="col">Human ↔ judge</th>
              <th scope="col">Judge ↔ judge</th>
            </tr>
          </thead>
          <tbody>
            {report.likert.map((entry) => (
              <tr key={entry.dimension} data-dimension={entry.dimension}>
                <th scope="row" title={entry.dimension}>
                  {fieldName(entry.dimension)}
                </th>
                {pairingCells(entry.dimension, fieldName(entry.dimension), entry)}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel" aria-labelledby="type-agreement">
        <h2 id="type-agreement">Agreement within each rater type</h2>
        <p className="help-block">
          Ordinal α among the ratings of one rater type on the same items (several judge runs, several end users…).
        </p>
        <table className="records-table" data-testid="type-agreement">
          <thead>
            <tr>
              <th scope="col">Dimension</th>
              {RATER_TYPES.map((type) => (
                <th key={type} scope="col">
                  {type}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.likert.map((entry) => (
              <tr key={entry.dimension}>
                <th scope="row" title={entry.dimension}>
                  {fieldName(entry.dimension)}
                </th>
                {RATER_TYPES.map((type) => (
                  <Alpha
                    key={type}
                    cell={entry.byRaterType[type]}
                    href={link(entry.dimension, { raterType: type })}
                    label={`${fieldName(entry.dimension)}, within ${type}`}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel" aria-labelledby="nominal-agreement">
        <h2 id="nominal-agreement">Agreement on verdicts and tags</h2>
        <p className="help-block">Nominal α; each hazard (and each tag, present or not) of an item is a unit.</p>
        <table className="records-table" data-testid="nominal-agreement">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Human ↔ human</th>
              <th scope="col">Human ↔ judge</th>
              <th scope="col">Judge ↔ judge</th>
            </tr>
          </thead>
          <tbody>
            {report.nominal.map((entry) => (
              <tr key={entry.field}>
                <th scope="row">{NOMINAL_NAME[entry.field] ?? entry.field}</th>
                {pairingCells(
                  NOMINAL_FIELD[entry.field] ?? entry.field,
                  NOMINAL_NAME[entry.field] ?? entry.field,
                  entry,
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel" aria-labelledby="judge-trust">
        <h2 id="judge-trust">Judge trust in detail</h2>
        <table className="records-table" data-testid="judge-trust">
          <thead>
            <tr>
              <th scope="col">Dimension</th>
              <th scope="col">Pairs</th>
              <th scope="col">Quadratic-weighted κ</th>
              <th scope="col">Mean absolute difference</th>
            </tr>
          </thead>
          <tbody>
            {report.judgeTrust.map((entry) => (
              <tr key={entry.dimension}>
                <th scope="row" title={entry.dimension}>
                  {fieldName(entry.dimension)}
                </th>
                <td>{entry.pairs}</td>
                <td>
                  {drillHref && entry.pairs > 0 ? (
                    <a
                      href={drillHref({ field: entry.dimension, pairing: "human_judge" })}
                      aria-label={`${fieldName(entry.dimension)} judge trust: κ ${fixed(entry.kappa)}; list the items, largest human − judge difference first`}
                    >
                      {fixed(entry.kappa)}
                    </a>
                  ) : (
                    fixed(entry.kappa)
                  )}
                </td>
                <td>{fixed(entry.meanAbsoluteDifference, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>Hazard verdicts: judge × human</h3>
        <p className="help-block">
          “none”: that side&apos;s record left the hazard out while the other called it violating (a judge silent on a
          violation a human saw is a miss).
        </p>
        {report.hazardConfusion.length === 0 ? (
          <p>No hazard was rated by both a judge and a human on the same item.</p>
        ) : (
          <table className="records-table" data-testid="hazard-confusion">
            <thead>
              <tr>
                <th scope="col">Judge said</th>
                <th scope="col">Human said</th>
                <th scope="col">Count</th>
              </tr>
            </thead>
            <tbody>
              {report.hazardConfusion.map((entry) => (
                <tr key={`${entry.judge}|${entry.human}`}>
                  <td>{entry.judge}</td>
                  <td>{entry.human}</td>
                  <td>
                    {drillHref ? (
                      <a
                        href={drillHref({
                          field: "safety",
                          pairing: "human_judge",
                          judge: entry.judge,
                          human: entry.human,
                        })}
                        aria-label={`judge ${entry.judge}, human ${entry.human}: ${entry.count} pairs; list the items`}
                      >
                        {entry.count}
                      </a>
                    ) : (
                      entry.count
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h3>Fields SMEs change most</h3>
        {report.smeChanges.length === 0 ? (
          <p>No SME has changed a judge&apos;s value in this suite.</p>
        ) : (
          <table className="records-table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Edited</th>
                <th scope="col">Added</th>
                <th scope="col">Accepted</th>
              </tr>
            </thead>
            <tbody>
              {report.smeChanges.map((field) => (
                <tr key={field.path}>
                  <td title={field.path}>{readablePath(field.path)}</td>
                  <td>{field.edited}</td>
                  <td>{field.added}</td>
                  <td>{field.accepted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
