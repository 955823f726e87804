// One API operation: method and path, who may call it, parameters, request
// body and responses.
import type { AccessView, OperationView } from "@/lib/api-docs/reference-view";
import { DocText } from "./doc-text";
import { ParametersTable } from "./parameters-table";
import { MediaList } from "./schema-block";

function AccessLine({ access }: { access: AccessView }) {
  if (access.public) return <p className="api-access">Public: no sign-in.</p>;
  return (
    <p className="api-access">
      Roles: <strong>{access.roles.join(", ")}</strong> (permission <code>{access.permission}</code>)
      {access.sessionOnly ? "; signed-in browser session only, not an API token" : "; session cookie or API token"}.
    </p>
  );
}

export function OperationSection({ operation }: { operation: OperationView }) {
  const headingId = `${operation.anchor}-title`;
  return (
    <section className="api-operation" id={operation.anchor} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span className={`api-method api-method-${operation.method.toLowerCase()}`}>{operation.method}</span>{" "}
        <code>{operation.path}</code>
      </h3>
      <p className="api-summary">{operation.summary}</p>
      <AccessLine access={operation.access} />
      {operation.description ? (
        <p>
          <DocText text={operation.description} />
        </p>
      ) : null}
      <ParametersTable
        parameters={operation.parameters}
        caption={`Parameters of ${operation.method} ${operation.path}`}
      />
      {operation.body ? (
        <div>
          <h4>Request body{operation.body.required ? "" : " (optional)"}</h4>
          {operation.body.description ? (
            <p>
              <DocText text={operation.body.description} />
            </p>
          ) : null}
          <MediaList content={operation.body.content} />
        </div>
      ) : null}
      <h4>Responses</h4>
      <dl className="api-responses">
        {operation.responses.map((response) => (
          <div key={response.status}>
            <dt>
              <code>{response.status}</code>
            </dt>
            <dd>
              <DocText text={response.description} />
              {response.headers.length > 0 ? (
                <ul className="api-headers">
                  {response.headers.map((header) => (
                    <li key={header.name}>
                      <code>{header.name}</code>: {header.description}
                    </li>
                  ))}
                </ul>
              ) : null}
              <MediaList content={response.content} />
            </dd>
          </div>
        ))}
      </dl>
      {operation.errors.length > 0 ? (
        <p className="api-errors">
          Errors ({"{error, errors}"}):{" "}
          {operation.errors.map((error, index) => (
            <span key={error.status}>
              {index > 0 ? ", " : null}
              <a href={`#${error.anchor}`}>{error.status}</a>
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
