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
  caption?: ReactNode;
};

export function RatingScreen({ assignment, assignmentApi, queue, rater, caption }: Props) {
  return (
    <div className="rating-layout">
      <section aria-label="Item to rate" className="rating-item">
        {caption}
        <ItemView item={assignment.item} />
      </section>
      <section aria-labelledby="rating-title" className="rating-form">
        <h1 id="rating-title">Your rating</h1>
        <RatingClient
          assignmentId={assignment.id}
          assignmentApi={assignmentApi}
          queue={queue}
          server={{ draft: assignment.draft, version: assignment.draftVersion }}
          fixed={{ ...ratingContextOf(assignment.item, assignment.suite.key), rater }}
          submittedEvalId={assignment.evalId}
        />
      </section>
    </div>
  );
}
