// The next item, asked for while the rater still looks at "Rating submitted":
// the same "next" request that n sends (so overlap k and holds work exactly as
// before; the item is held from now instead of from the key press), and the
// next page's data fetched, so that n shows the next form without waiting for
// the server. If anything went wrong, or the answer is old, n asks again the
// usual way (lib/queues/open-next-item.ts), which reports its own error.
import { fetchJson, type ApiResult } from "@/lib/http/fetch-json";
import { openNextItem, type QueueUrls } from "@/lib/queues/open-next-item";

/** A hold longer than this may have lapsed meanwhile: ask again instead. */
const FRESH_MS = 60_000;

export type UpcomingItem = { askedAt: number; path: Promise<string | null> };

type NextAnswer = ApiResult<Record<string, string | null>>;

function pathOf(urls: QueueUrls, answer: NextAnswer): string | null {
  if (!answer.ok) return null;
  const id = answer.data[urls.idKey ?? "assignment_id"];
  return id ? `${urls.ratePrefix}${id}` : urls.finished;
}

export function askUpcomingItem(urls: QueueUrls, prefetch: (path: string) => void): UpcomingItem {
  return {
    askedAt: Date.now(),
    path: fetchJson<Record<string, string | null>>(urls.next, { method: "POST" }).then((answer) => {
      const path = pathOf(urls, answer);
      try {
        if (path) prefetch(path);
      } catch {
        // Only a head start: n still opens the page, fetched then.
      }
      return path;
    }),
  };
}

/** Opens the item asked for ahead (when there is a good one), else asks now; the error message, if any. */
export async function openUpcomingItem(
  urls: QueueUrls,
  upcoming: UpcomingItem | null,
  navigate: (path: string) => void,
): Promise<string | null> {
  const path = upcoming && Date.now() - upcoming.askedAt < FRESH_MS ? await upcoming.path : null;
  if (!path) return openNextItem(urls, navigate);
  navigate(path);
  return null;
}
