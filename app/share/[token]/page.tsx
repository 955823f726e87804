// A share link's landing page (public): what the visitor is asked to do, and a start button.
import type { Metadata } from "next";
import { StartRatingButton } from "@/components/rating/start-rating-button";
import { shareQueueUrls } from "@/lib/queues/open-next-item";
import { openShareLink } from "@/lib/share-links/service";
import { orNotFound } from "@/lib/http/or-not-found";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rate AI answers", robots: { index: false } };

export default async function SharePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ finished?: string }>;
}) {
  const [{ token }, { finished }] = await Promise.all([params, searchParams]);
  const link = await orNotFound(openShareLink(token));
  return (
    <div className="narrow">
      <h1>{link.suiteName}</h1>
      {finished ? (
        <p className="notice" role="status">
          Thank you — there is nothing more for you to rate here right now.
        </p>
      ) : (
        <>
          <p>
            You are invited to rate answers of an AI model. You do not need an account; your ratings are stored with a
            random visitor id, not your name.
          </p>
          <StartRatingButton urls={shareQueueUrls(token)} label="Start rating" />
        </>
      )}
    </div>
  );
}
