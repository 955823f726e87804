// The audit log's filter as a plain GET form: the URL is the filter, so a
// filtered view can be bookmarked and works without script.
import Link from "next/link";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";

export type AuditFilterValues = { actor: string; action: string; subject: string; from: string; to: string };

export function AuditFilterForm({
  values,
  actors,
  errors,
}: {
  values: AuditFilterValues;
  actors: { id: string; name: string }[];
  errors: Map<string, string>;
}) {
  const described = (name: string) =>
    errors.has(name) ? { "aria-describedby": `audit-${name}__error`, "aria-invalid": true } : {};
  const error = (name: string) =>
    errors.has(name) ? (
      <p className="field-errors" id={`audit-${name}__error`}>
        {errors.get(name)}
      </p>
    ) : null;
  return (
    <form method="get" action="/admin/audit" className="panel inline-form" aria-label="Filter the audit log">
      <div className="form-group">
        <label className="control-label" htmlFor="audit-actor">
          Who
        </label>
        <select
          id="audit-actor"
          name="actor"
          className="form-control"
          defaultValue={values.actor}
          {...described("actor")}
        >
          <option value="">Anyone</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
        {error("actor")}
      </div>
      <div className="form-group">
        <label className="control-label" htmlFor="audit-action">
          What
        </label>
        <select
          id="audit-action"
          name="action"
          className="form-control"
          defaultValue={values.action}
          {...described("action")}
        >
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
        {error("action")}
      </div>
      <div className="form-group">
        <label className="control-label" htmlFor="audit-subject">
          Subject (exact id or email)
        </label>
        <input
          id="audit-subject"
          name="subject"
          className="form-control"
          defaultValue={values.subject}
          {...described("subject")}
        />
        {error("subject")}
      </div>
      <div className="form-group">
        <label className="control-label" htmlFor="audit-from">
          From (UTC day, YYYY-MM-DD)
        </label>
        {/* Text, not type=date: the browser's date field hides its focus ring at phone width and rewrites a bad value the server should name. */}
        <input
          id="audit-from"
          name="from"
          inputMode="numeric"
          placeholder="2026-01-31"
          autoComplete="off"
          className="form-control"
          defaultValue={values.from}
          {...described("from")}
        />
        {error("from")}
      </div>
      <div className="form-group">
        <label className="control-label" htmlFor="audit-to">
          To (UTC day, YYYY-MM-DD, included)
        </label>
        <input
          id="audit-to"
          name="to"
          inputMode="numeric"
          placeholder="2026-01-31"
          autoComplete="off"
          className="form-control"
          defaultValue={values.to}
          {...described("to")}
        />
        {error("to")}
      </div>
      <button type="submit" className="btn btn-primary">
        Filter
      </button>
      <Link className="btn" href="/admin/audit">
        Clear the filter
      </Link>
    </form>
  );
}
