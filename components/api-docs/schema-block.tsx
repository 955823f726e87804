// A schema as the reference shows it: a link to the named component, or the
// JSON Schema as text in a collapsed block with links to what it uses.
import type { MediaView, SchemaView } from "@/lib/api-docs/reference-view";
import { anchorOf } from "@/lib/api-docs/reference-view";

function ComponentLink({ name }: { name: string }) {
  return (
    <a href={`#${anchorOf("schema", name)}`}>
      <code>{name}</code>
    </a>
  );
}

export function SchemaText({ schema, label }: { schema: SchemaView; label: string }) {
  return (
    <details className="api-schema">
      <summary>{label}</summary>
      {schema.uses.length > 0 ? (
        <p className="api-uses">
          Uses:{" "}
          {schema.uses.map((name, index) => (
            <span key={name}>
              {index > 0 ? ", " : null}
              <ComponentLink name={name} />
            </span>
          ))}
        </p>
      ) : null}
      <pre>{schema.json}</pre>
    </details>
  );
}

function SchemaOrLink({
  component,
  schema,
  label,
}: {
  component: string | null;
  schema: SchemaView | null;
  label: string;
}) {
  if (component)
    return (
      <>
        schema <ComponentLink name={component} />
      </>
    );
  if (schema) return <SchemaText schema={schema} label={label} />;
  return null;
}

export function MediaList({ content }: { content: MediaView[] }) {
  if (content.length === 0) return null;
  return (
    <ul className="api-media">
      {content.map((media) => (
        <li key={media.mediaType}>
          <code>{media.mediaType}</code>{" "}
          <SchemaOrLink
            component={media.component}
            schema={media.line ? null : media.schema}
            label={`JSON Schema (${media.mediaType})`}
          />
          {media.line ? (
            <>
              one JSON value per line, each{" "}
              <SchemaOrLink component={media.line.component} schema={media.line.schema} label="JSON Schema of a line" />
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
