// One item of a suite with all its ratings side by side (admin): the item as
// raters saw it, beside every counted rating field by field.
import type { Metadata } from "next";
import Link from "next/link";
import { RatingsComparison } from "@/components/analytics/ratings-comparison";
import { ItemView } from "@/components/transcript/item-view";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";
import { suiteItemRatings } from "@/lib/suites/item-ratings";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Item ratings side by side" };

export default async function SuiteItemPage({ params }: { params: Promise<{ suiteId: string; itemId: string }> }) {
  const { suiteId, itemId } = await params;
  const actor = await requirePageActor({
    returnTo: `/admin/suites/${suiteId}/items/${itemId}`,
    action: "suites.manage",
  });
  const view = await orNotFound(suiteItemRatings({ actor, suiteId, itemId }));
  return (
    <>
      <p>
        <Link href={`/admin/suites/${view.suite.id}/report`}>← Quality report · {view.suite.name}</Link>
      </p>
      <h1>
        {view.item.taskId}{" "}
        <span className="help-block">
          · {view.item.systemUnderTest}
          {view.item.isGold ? " · gold item" : ""}
        </span>
      </h1>
      <div className="compare-layout">
        <section aria-label="The item">
          <ItemView item={view.item.body} />
        </section>
        <section aria-labelledby="ratings-heading">
          <h2 id="ratings-heading">Ratings side by side</h2>
          <RatingsComparison ratings={view.ratings} fields={view.fields} />
        </section>
      </div>
    </>
  );
}
