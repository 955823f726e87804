// The named schemas the operations refer to, each with an anchor to link to.
import type { ComponentView } from "@/lib/api-docs/reference-view";
import { DocText } from "./doc-text";
import { SchemaText } from "./schema-block";

export function SchemaComponents({ components }: { components: ComponentView[] }) {
  return (
    <section aria-labelledby="api-schemas-title">
      <h2 id="api-schemas-title">Schemas</h2>
      {components.map((component) => (
        <section
          key={component.name}
          id={component.anchor}
          className="api-component"
          aria-labelledby={`${component.anchor}-title`}
        >
          <h3 id={`${component.anchor}-title`}>
            <code>{component.name}</code>
            {component.title ? ` — ${component.title}` : null}
          </h3>
          {component.description ? (
            <p>
              <DocText text={component.description} />
            </p>
          ) : null}
          <SchemaText schema={component.schema} label={`JSON Schema of ${component.name}`} />
        </section>
      ))}
    </section>
  );
}
