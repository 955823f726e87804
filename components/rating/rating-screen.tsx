// The rating page's layout, shared by raters and share-link visitors: the item
// on one side, the form on the other. Each page supplies who rates and which API.
import type { ReactNode } from "react";
import { ItemView } from "@/components/transcript/item-view";
import type { Item } from "@/lib/items/types";
import type { QueueUrls } from "@/lib/queues/open-next-item";
import { ratingContextOf } from "@/lib/queues/record-task";
import { RatingClient } from "./rating-client";

type Props = {
  assignment: { id: string; suite: { key: string }; item: Item; draft: Record<string, unknown> | null; draftVersion: number; evalId: string | null };
  assignmentApi: string;
  queue: QueueUrls;
  rater: Record<string, unknown>;
  /** The rating's task and subject when they are not the item's (an SME review keeps the judge record's). */
  context?: Record<string, unknown>;
  /** The judge's values an SME confirms or corrects. */
  prefill?: Record<string, unknown>;
  title?: string;
  caption?: ReactNode;
  /** Where a rater whose session ended signs in again and returns here. */
  signInUrl?: string;
};

export function RatingScreen({ assignment, assignmentApi, queue, rater, context, prefill, title = "Your rating", caption, signInUrl }: Props) {
  return (
    <div className="rating-layout">
      <section aria-label="Item to rate" className="rating-item">
        {caption}
        <ItemView item={assignment.item} />
      </section>
      <section aria-labelledby="rating-title" className="rating-form">
        <h1 id="rating-title">{title}</h1>
        <RatingClient
          assignmentId={assignment.id}
          assignmentApi={assignmentApi}
          queue={queue}
          server={{ draft: assignment.draft, version: assignment.draftVersion }}
          fixed={{ ...(context ?? ratingContextOf(assignment.item, assignment.suite.key)), rater }}
          prefill={prefill}
          submittedEvalId={assignment.evalId}
          signInUrl={signInUrl}
        />
      </section>
    </div>
  );
}
