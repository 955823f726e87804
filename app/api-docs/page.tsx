// The API reference: the OpenAPI document rendered as plain server-side
// HTML (no script runs, every text is a text node). Public, like the document.
import type { Metadata } from "next";
import { DocText } from "@/components/api-docs/doc-text";
import { ErrorResponses } from "@/components/api-docs/error-responses";
import { SchemaComponents } from "@/components/api-docs/schema-components";
import { TagSection } from "@/components/api-docs/tag-section";
import { openApiDocument } from "@/lib/api-docs/openapi";
import { apiReference } from "@/lib/api-docs/reference-view";

export const metadata: Metadata = { title: "API reference" };

export default function ApiDocsPage() {
  const reference = apiReference(openApiDocument());
  return (
    <>
      <h1>API reference</h1>
      <p>
        {reference.title} {reference.version}. The machine-readable document:{" "}
        <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1; schemas are JSON Schema 2020-12).
      </p>
      <p>
        <DocText text={reference.description} />
      </p>
      <nav aria-label="API sections" className="api-toc">
        <ul>
          {reference.tags.map((tag) => (
            <li key={tag.anchor}>
              <a href={`#${tag.anchor}`}>{tag.name}</a> ({tag.operations.length})
            </li>
          ))}
          <li>
            <a href="#api-errors-title">Errors</a>
          </li>
          <li>
            <a href="#api-schemas-title">Schemas</a>
          </li>
        </ul>
      </nav>
      <section aria-labelledby="api-auth-title">
        <h2 id="api-auth-title">Signing requests</h2>
        <dl className="record-facts">
          {reference.securitySchemes.map((scheme) => (
            <div key={scheme.name} className="api-fact">
              <dt>
                <code>{scheme.name}</code>
              </dt>
              <dd>
                <DocText text={scheme.description} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <ErrorResponses responses={reference.errorResponses} />
      {reference.tags.map((tag) => (
        <TagSection key={tag.anchor} tag={tag} />
      ))}
      <SchemaComponents components={reference.components} />
    </>
  );
}
