// Retrieved context beside a RAG answer: one collapsible block per document.
import type { Item } from "@/lib/items/types";
import { PanelSection } from "./panel-section";
import { TextBlock } from "./text-block";
import styles from "./transcript.module.css";

type ContextDocument = NonNullable<Item["context_documents"]>[number];

// A few documents can be read at a glance; more would push the rest of the item off screen.
const OPEN_UP_TO = 3;

export function ContextDocuments({ documents }: { documents: ContextDocument[] }) {
  const open = documents.length <= OPEN_UP_TO;
  return (
    <PanelSection title={`Context documents (${documents.length})`}>
      {documents.map((document, index) => (
        <details key={index} className={styles.details} open={open}>
          <summary>
            {document.title || `Document ${index + 1}`}
            {document.id ? <span> (id {document.id})</span> : null}
          </summary>
          <TextBlock text={document.text} part="context" segmentIndex={index} />
        </details>
      ))}
    </PanelSection>
  );
}
