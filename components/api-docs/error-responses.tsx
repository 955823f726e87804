// The error answers every operation shares, described once; operations link here.
import type { ErrorResponseView } from "@/lib/api-docs/reference-view";
import { DocText } from "./doc-text";
import { MediaList } from "./schema-block";

export function ErrorResponses({ responses }: { responses: ErrorResponseView[] }) {
  return (
    <section aria-labelledby="api-errors-title">
      <h2 id="api-errors-title">Errors</h2>
      <p>
        Every error has the same shape, <code>Error</code>. The responses operations link to:
      </p>
      <dl className="record-facts">
        {responses.map((response) => (
          <div key={response.name} className="api-fact">
            <dt id={response.anchor}>
              {response.status ? `${response.status} ` : null}
              <code>{response.name}</code>
            </dt>
            <dd>
              <DocText text={response.description} /> <MediaList content={response.content} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
