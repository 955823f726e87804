// The smaller panels beside a transcript: options, reference trajectory, tools, automatic scores and tags.
import { Fragment } from "react";
import type { Item, Transcript } from "@/lib/items/types";
import { PanelSection } from "./panel-section";
import { prettyJson } from "./pretty-json";
import { TextBlock } from "./text-block";
import { TranscriptView } from "./transcript-view";
import styles from "./transcript.module.css";

export function OptionList({ options }: { options: NonNullable<Item["options"]> }) {
  return (
    <PanelSection title="Options">
      <ol className={styles.options}>
        {options.map((option, index) => (
          <li key={index} className={styles.option}>
            <span className={styles.optionId}>{option.id}</span>
            <TextBlock text={option.content} part="option" segmentIndex={index} />
          </li>
        ))}
      </ol>
    </PanelSection>
  );
}

export function ReferenceTrajectory({ transcript }: { transcript: Transcript }) {
  const count = transcript.messages.length;
  return (
    <PanelSection title="Reference trajectory">
      <details className={styles.details}>
        <summary>
          Show the reference trajectory ({count} {count === 1 ? "message" : "messages"})
        </summary>
        <TranscriptView
          transcript={transcript}
          label="Reference trajectory messages"
          field="reference_trajectory"
          headingLevel={null}
        />
      </details>
    </PanelSection>
  );
}

export function ToolDefinitions({ tools }: { tools: unknown[] }) {
  return (
    <PanelSection title="Tools">
      <details className={styles.details}>
        <summary>Show the tool definitions ({tools.length})</summary>
        <pre className={styles.code}>{prettyJson(tools)}</pre>
      </details>
    </PanelSection>
  );
}

function ScoreValue({ value }: { value: unknown }) {
  if (typeof value === "object" && value !== null) return <pre className={styles.code}>{prettyJson(value)}</pre>;
  return <>{typeof value === "string" ? value : prettyJson(value)}</>;
}

export function AutomaticScores({ scores }: { scores: Record<string, unknown> }) {
  return (
    <PanelSection title="Automatic scores">
      <dl className={styles.facts}>
        {Object.entries(scores).map(([name, value]) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd>
              <ScoreValue value={value} />
            </dd>
          </Fragment>
        ))}
      </dl>
    </PanelSection>
  );
}

export function TagChips({ tags }: { tags: NonNullable<Item["tags"]> }) {
  return (
    <PanelSection title="Tags">
      <ul className={styles.chips}>
        {Object.entries(tags).map(([key, value]) => (
          <li key={key} className={styles.chip}>
            {key}: {String(value)}
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
