// My work: what I did today, this week and this month, how long my items took
// (active time, as the server bounded it), my skips and my corrections, and
// my gold feedback. Nobody else's ratings or identities.
import type { Metadata } from "next";
import Link from "next/link";
import { WorkTable } from "@/components/raters/work-table-client";
import { GoldFeedbackList } from "@/components/raters/gold-feedback-list";
import { requirePageActor } from "@/lib/auth/page-guard";
import { myGoldFeedback } from "@/lib/raters/gold-feedback";
import { personSortKey, sortPeople } from "@/lib/raters/sort-people";
import { myWork } from "@/lib/raters/work-summary";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My work" };

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export default async function MyWorkPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requirePageActor({ returnTo: "/my-work", action: "records.read_own" });
  const params = await searchParams;
  const [summary, gold] = await Promise.all([myWork({ actor, days: 30 }), myGoldFeedback({ actor })]);
  const people = sortPeople(summary.people, personSortKey(one(params.sort)), one(params.dir) === "desc");
  return (
    <>
      <h1>My work</h1>
      <p className="help-block">
        The last 30 days. Active time is the time your rating page was visible, focused and in use (an input within the
        last minute). <Link href={`/records?rater_id=${encodeURIComponent(actor.userId)}`}>Your records</Link>
      </p>
      <WorkTable people={people} caption="What I did" showNames={false} />
      <GoldFeedbackList items={gold} />
    </>
  );
}
