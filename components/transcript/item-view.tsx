// The left side of the rating page: everything about the item being rated, read-only.
import type { Item } from "@/lib/items/types";
import { AnswerComparison } from "./answer-comparison";
import { ContextDocuments } from "./context-documents";
import { AutomaticScores, OptionList, ReferenceTrajectory, TagChips, ToolDefinitions } from "./item-side-panels";
import { PanelSection } from "./panel-section";
import { TextBlock } from "./text-block";
import { isLongText } from "@/components/markdown/long-text";
import { MissingMediaNotice } from "./missing-media-notice";
import { PinnedAnswer } from "./pinned-answer";
import { finalAnswerIndex, roleKind, textOf, transcriptRepeatsPrompt } from "./transcript-facts";
import { TranscriptView } from "./transcript-view";
import styles from "./transcript.module.css";

const isFilled = (record: Record<string, unknown> | undefined): record is Record<string, unknown> =>
  record !== undefined && Object.keys(record).length > 0;

type Props = {
  item: Item;
  /** "end_user": a share-link visitor's view, without the evaluators' panels (automatic scores, tags) or their jargon. */
  audience?: "expert" | "end_user";
};

export function ItemView({ item, audience = "expert" }: Props) {
  const expert = audience === "expert";
  const { prompt, reference } = item.task;
  // Most chat transcripts open with the prompt itself; showing it twice only adds scrolling.
  const showPrompt = prompt.trim() !== "" && !transcriptRepeatsPrompt(item.transcript, prompt);
  const firstUser = item.transcript.messages.find((message) => roleKind(message.role) === "user");
  // A long prompt (few-shot examples) would push the answer below the fold: show the answer first.
  const pinAnswer =
    isLongText(showPrompt ? prompt : firstUser ? textOf(firstUser) : "") !== null &&
    finalAnswerIndex(item.transcript) !== null;
  return (
    <div className={styles.item} data-item-root="">
      <MissingMediaNotice item={item} plain={!expert} />
      {pinAnswer && reference ? <AnswerComparison transcript={item.transcript} reference={reference} /> : null}
      {pinAnswer && !reference ? <PinnedAnswer transcript={item.transcript} /> : null}
      {showPrompt ? (
        <PanelSection title="Prompt">
          <TextBlock text={prompt} part="prompt" />
        </PanelSection>
      ) : null}
      <TranscriptView transcript={item.transcript} label="Transcript" />
      {reference && !pinAnswer ? <AnswerComparison transcript={item.transcript} reference={reference} /> : null}
      {item.options?.length ? <OptionList options={item.options} /> : null}
      {item.context_documents?.length ? <ContextDocuments documents={item.context_documents} /> : null}
      {item.reference_trajectory ? <ReferenceTrajectory transcript={item.reference_trajectory} /> : null}
      {item.tools?.length ? <ToolDefinitions tools={item.tools} /> : null}
      {expert && isFilled(item.automatic_scores) ? <AutomaticScores scores={item.automatic_scores} /> : null}
      {expert && isFilled(item.tags) ? <TagChips tags={item.tags} /> : null}
    </div>
  );
}
