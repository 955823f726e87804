// The rating page's layout, shared by raters and share-link visitors: the item
// on one side, the form on the other. Each page supplies who rates and which API.
import type { ReactNode } from "react";
import { ItemView } from "@/components/transcript/item-view";
import type { Item } from "@/lib/items/types";
import type { QueueUrls } from "@/lib/queues/open-next-item";
import { agentPrefill } from "@/lib/aif/agent-prefill";
import { hasToolCalls, toolNamesOf } from "@/components/transcript/trace-steps";
import { ratingContextOf } from "@/lib/queues/record-task";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { GuidelinesPanel } from "./guidelines-panel";
import { RatingClient } from "./rating-client";

type Props = {
  assignment: {
    id: string;
    suite: { key: string };
    item: Item;
    draft: Record<string, unknown> | null;
    draftVersion: number;
    evalId: string | null;
  };
  assignmentApi: string;
  queue: QueueUrls;
  rater: Record<string, unknown>;
  /** The rating's task and subject when they are not the item's (an SME review keeps the judge record's). */
  context?: Record<string, unknown>;
  /** The judge's values an SME confirms or corrects. */
  prefill?: Record<string, unknown>;
  /** The form's values when nothing is saved yet (an adjudication's consensus), instead of the item's own; not a restored draft. */
  startingValues?: Record<string, unknown>;
  title?: string;
  caption?: ReactNode;
  /** Where a rater whose session ended signs in again and returns here. */
  signInUrl?: string;
  /** "Item n of N" in the suite. */
  position?: { index: number; total: number };
  /** Raters and visitors may skip an item; an SME review has nothing to skip to. */
  canSkip?: boolean;
  /** Raters may correct the item they just submitted (a visitor's rating cannot derive from a record). */
  canCorrect?: boolean;
  /** "end_user" for share-link visitors: the universal rubric only, large targets, plain words. */
  profile?: "expert" | "end_user";
  /** What the submit button does, when it is not a plain rating (an adjudication's authoritative record). */
  submitLabel?: string;
  /** The suite's guidelines for its raters (markdown, rendered on the server beside the form). */
  guidelines?: string;
};

export function RatingScreen({
  assignment,
  assignmentApi,
  queue,
  rater,
  context,
  prefill,
  startingValues,
  title = "Your rating",
  caption,
  signInUrl,
  position,
  canSkip = false,
  canCorrect = false,
  profile = "expert",
  guidelines = "",
  submitLabel,
}: Props) {
  return (
    <div className="rating-layout">
      <section aria-label="Item to rate" className="rating-item">
        {caption}
        <ItemView item={assignment.item} audience={profile} />
      </section>
      <section aria-labelledby="rating-title" className="rating-form">
        <h1 id="rating-title">{title}</h1>
        {guidelines.trim() === "" ? null : (
          <GuidelinesPanel>
            <MarkdownText text={guidelines} />
          </GuidelinesPanel>
        )}
        <RatingClient
          assignmentId={assignment.id}
          assignmentApi={assignmentApi}
          queue={queue}
          server={{ draft: assignment.draft, version: assignment.draftVersion }}
          fixed={{ ...(context ?? ratingContextOf(assignment.item, assignment.suite.key)), rater }}
          prefill={prefill}
          itemValues={prefill ? undefined : (startingValues ?? startingValuesOf(assignment.item))}
          submittedEvalId={assignment.evalId}
          signInUrl={signInUrl}
          position={position}
          canSkip={canSkip}
          canCorrect={canCorrect}
          profile={profile}
          hasTrace={hasToolCalls(assignment.item.transcript)}
          traceToolNames={toolNamesOf(assignment.item.transcript)}
          submitLabel={submitLabel}
        />
      </section>
    </div>
  );
}

/** What the item itself already says (an agent run's tool calls and efficiency), as the form's starting values. */
function startingValuesOf(item: Item): Record<string, unknown> | undefined {
  const agent = agentPrefill(item);
  return agent ? { agent } : undefined;
}
