// One group of operations (an OpenAPI tag).
import type { TagView } from "@/lib/api-docs/reference-view";
import { DocText } from "./doc-text";
import { OperationSection } from "./operation-section";

export function TagSection({ tag }: { tag: TagView }) {
  return (
    <section className="api-tag" id={tag.anchor} aria-labelledby={`${tag.anchor}-title`}>
      <h2 id={`${tag.anchor}-title`}>{tag.name}</h2>
      <p>
        <DocText text={tag.description} />
      </p>
      {tag.operations.map((operation) => (
        <OperationSection key={operation.anchor} operation={operation} />
      ))}
    </section>
  );
}
