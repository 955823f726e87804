// The adjudicator's page for one item: every rating side by side, the fields
// without consensus, the choice of the closest source, and the form prefilled
// with the consensus. Without a hold on the item it shows the ratings only.
import type { Metadata } from "next";
import Link from "next/link";
import { RatingsComparison } from "@/components/analytics/ratings-comparison";
import { ItemView } from "@/components/transcript/item-view";
import { ClaimKeyboard } from "@/components/rating/claim-keyboard";
import { RatingScreen } from "@/components/rating/rating-screen";
import { heldAdjudicationOfItem } from "@/lib/adjudication/service";
import { requirePageActor } from "@/lib/auth/page-guard";
import { signInUrl } from "@/lib/auth/sign-in-url";
import { orNotFound } from "@/lib/http/or-not-found";
import { adjudicationQueueUrls } from "@/lib/queues/open-next-item";
import { suiteItemRatings } from "@/lib/suites/item-ratings";
import { ClosestChoiceClient } from "./closest-choice-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Adjudicate" };

export default async function AdjudicateItemPage({ params }: { params: Promise<{ suiteId: string; itemId: string }> }) {
  const { suiteId, itemId } = await params;
  const path = `/adjudicate/${suiteId}/items/${itemId}`;
  const actor = await requirePageActor({ returnTo: path, action: "adjudicate" });
  const ratings = await orNotFound(suiteItemRatings({ actor, suiteId, itemId }));
  const held = await heldAdjudicationOfItem({ actor, suiteId, itemId });
  const comparison = (
    <section aria-labelledby="ratings-heading">
      <h2 id="ratings-heading">Ratings side by side</h2>
      <RatingsComparison ratings={ratings.ratings} fields={ratings.fields} />
    </section>
  );
  if (!held) {
    return (
      <>
        <ClaimKeyboard />
        <p>
          <Link href={`/adjudicate/${suiteId}`}>← Adjudication · {ratings.suite.name}</Link>
        </p>
        <h1>{ratings.item.taskId}</h1>
        <p className="help-block">You do not hold this item for adjudication; its ratings are shown for reading.</p>
        <div className="compare-layout">
          <section aria-label="The item">
            <ItemView item={ratings.item.body} />
          </section>
          {comparison}
        </div>
      </>
    );
  }
  const first = ratings.ratings[0]?.body as { task?: unknown; subject?: unknown } | undefined;
  return (
    <RatingScreen
      signInUrl={signInUrl(path)}
      assignment={{
        id: held.id,
        suite: ratings.suite,
        item: ratings.item.body,
        // Only a saved draft is restored; the consensus is the form's starting values.
        draft: held.draftSource === "saved" ? held.draft : null,
        draftVersion: held.draftVersion,
        evalId: held.authoritativeEvalId,
      }}
      startingValues={held.draftSource === "consensus" ? held.draft : undefined}
      assignmentApi={`/api/adjudications/${held.id}`}
      queue={adjudicationQueueUrls(suiteId)}
      rater={{ type: "sme", id: actor.userId }}
      context={{ task: first?.task, subject: first?.subject }}
      title="Your decision (authoritative record)"
      submitLabel="Submit adjudicated rating"
      caption={
        <>
          <p className="help-block">
            <Link href={`/adjudicate/${suiteId}`}>{ratings.suite.name}</Link> · task <code>{ratings.item.taskId}</code>
            {held.previousEvalId ? " · re-adjudication of an earlier decision" : ""}
          </p>
          {held.draftSource === "consensus" ? (
            <p className="help-block" data-testid="consensus-prefill">
              The form starts from the per-field consensus of the ratings (median score, majority value); change what
              you decide otherwise.
            </p>
          ) : null}
          {held.undecided.length > 0 ? (
            <section className="notice" data-testid="undecided-fields" aria-labelledby="undecided-heading">
              <h2 id="undecided-heading">No consensus: decide these</h2>
              <ul>
                {held.undecided.map((field) => (
                  <li key={field.pointer}>{field.label}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <ClosestChoiceClient
            adjudicationId={held.id}
            initial={held.suggestedClosest}
            sources={ratings.ratings
              .filter((rating) => rating.raterType !== "llm_judge")
              .map((rating) => ({ evalId: rating.evalId, label: `${rating.rater} (${rating.raterType})` }))}
          />
          {comparison}
        </>
      }
    />
  );
}
