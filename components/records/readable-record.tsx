// A record's judgments as the form names them (labels from
// schemas/aif-eval-form.labels.json): each section a table of its answered
// fields, a Likert dimension as one row (score, confidence, rationale), a
// hazard as one row (verdict, severity, evidence), fields in the form's order. Record text shown as text.
import { JUDGED_SECTIONS } from "@/lib/aif/contract-facts";
import { labelAt, partLabel, readablePath } from "@/lib/aif/field-labels";
import { inFormOrder } from "@/lib/aif/form-order";
import { isNotRated } from "@/lib/aif/not-rated";

type Row = { path: string; label: string; value: string; note?: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An enum value as the form offers it ("non_violating" → "Not violating"), else as written. */
function worded(path: string[], value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map((entry) => worded([...path, "-"], entry)).join(", ");
  if (typeof value === "string") return labelAt(path)?.enum?.[value] ?? value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function rowsOf(value: unknown, path: string[], out: Row[]): void {
  const label = () =>
    readablePath(`/${path.join("/")}`)
      .split(" › ")
      .slice(1)
      .join(" › ") || readablePath(`/${path.join("/")}`);
  if (isNotRated(value)) {
    // The stored score and confidence are the schema's placeholders, not a judgment (lib/aif/not-rated.ts).
    out.push({
      path: path.join("."),
      label: label(),
      value: "Not rated",
      note: String((value as { rationale?: unknown }).rationale ?? ""),
    });
    return;
  }
  if (isObject(value) && typeof value.score === "number") {
    const confidence =
      typeof value.confidence === "string"
        ? `confidence ${partLabel("likertWithRationale", "confidence")?.enum?.[value.confidence] ?? value.confidence}`
        : "";
    out.push({
      path: path.join("."),
      label: label(),
      value: `${value.score}${confidence ? ` (${confidence})` : ""}`,
      note: typeof value.rationale === "string" ? value.rationale : undefined,
    });
    return;
  }
  if (isObject(value) && typeof value.verdict === "string") {
    const verdict = partLabel("hazardVerdict", "verdict")?.enum?.[value.verdict] ?? value.verdict;
    const severity = typeof value.severity === "number" ? `, severity ${value.severity}` : "";
    out.push({
      path: path.join("."),
      label: label(),
      value: `${verdict}${severity}`,
      note: typeof value.evidence === "string" ? value.evidence : undefined,
    });
    return;
  }
  if (isObject(value)) {
    // Stored key order is the writer's (an import, an API client); the reader expects the form's.
    for (const [key, child] of inFormOrder(path, Object.entries(value))) rowsOf(child, [...path, key], out);
    return;
  }
  out.push({ path: path.join("."), label: label(), value: worded(path, value) });
}

export function ReadableRecord({ body }: { body: Record<string, unknown> }) {
  const sections = JUDGED_SECTIONS.filter((section) => body[section] !== undefined);
  return (
    <div className="readable-record" data-testid="readable-record">
      {sections.map((section) => {
        const rows: Row[] = [];
        rowsOf(body[section], [section], rows);
        const title = labelAt([section])?.label ?? section;
        return (
          <section key={section} aria-labelledby={`readable-${section}`}>
            <h3 id={`readable-${section}`}>{title}</h3>
            <table className="records-table readable-table">
              <tbody>
                {rows.map((row) => (
                  <tr key={row.path}>
                    <th scope="row">{row.label}</th>
                    <td>
                      {row.value}
                      {row.note ? <p className="readable-note">{row.note}</p> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
