// The answer to "can the judge be trusted?" at the top of the report.
import { fieldName } from "@/lib/aif/field-labels";
import { MINIMUM_ALPHA, type JudgeVerdict } from "@/lib/analytics/judge-verdict";

const HEADLINE: Record<JudgeVerdict["overall"], string> = {
  trusted: "The judge can be trusted on every dimension measured.",
  mixed: "The judge can be trusted on some dimensions, not on others.",
  not_trusted: "The judge cannot be trusted on any dimension measured.",
  unknown: "Not enough data yet: no item has both a judge rating and a human rating.",
};

const fixed = (value: number | null) => (value === null ? "—" : value.toFixed(2));

export function JudgeVerdictPanel({ verdict }: { verdict: JudgeVerdict }) {
  return (
    <section
      className="panel"
      aria-labelledby="judge-verdict"
      data-testid="judge-verdict"
      data-overall={verdict.overall}
    >
      <h2 id="judge-verdict">Can the judge be trusted?</h2>
      <p className={verdict.overall === "trusted" ? "notice" : "notice notice-error"}>
        <strong>{HEADLINE[verdict.overall]}</strong>
      </p>
      <p className="help-block">
        Trusted on a dimension when human↔judge α is at least {MINIMUM_ALPHA} and not clearly below human↔human α
        (within 0.1, or overlapping intervals).
      </p>
      <table className="records-table">
        <thead>
          <tr>
            <th scope="col">Dimension</th>
            <th scope="col">Human ↔ human α</th>
            <th scope="col">Human ↔ judge α</th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {verdict.dimensions.map((entry) => (
            <tr key={entry.dimension} data-verdict={entry.verdict}>
              <th scope="row" title={entry.dimension}>
                {fieldName(entry.dimension)}
              </th>
              <td>{fixed(entry.humanHuman)}</td>
              <td>{fixed(entry.humanJudge)}</td>
              <td>
                {entry.verdict === "trusted"
                  ? "✓ trusted"
                  : entry.verdict === "not_trusted"
                    ? "✗ not trusted"
                    : "? unknown"}{" "}
                <span className="help-block">— {entry.reason}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Hazards: humans found {verdict.hazards.humanViolating} violation
        {verdict.hazards.humanViolating === 1 ? "" : "s"} on items the judge also rated; the judge missed{" "}
        {verdict.hazards.judgeMissed} and over-called {verdict.hazards.judgeOverCalled}.
      </p>
    </section>
  );
}
