// Browser side of "next item": ask the server, then go to the rating page (or
// to the finished page when nothing is left). One function for the queue
// page, the rating page's button and its keyboard shortcut, for raters and
// for visitors on a share link.
import { fetchJson } from "@/lib/http/fetch-json";

export type QueueUrls = { next: string; ratePrefix: string; finished: string };

export function raterQueueUrls(suiteId: string): QueueUrls {
  return { next: `/api/suites/${suiteId}/next`, ratePrefix: "/rate/", finished: `/queue?finished=${suiteId}` };
}

export function shareQueueUrls(token: string): QueueUrls {
  return { next: `/api/share/${token}/next`, ratePrefix: `/share/${token}/rate/`, finished: `/share/${token}?finished=1` };
}

export async function openNextItem(urls: QueueUrls, navigate: (path: string) => void): Promise<string | null> {
  const result = await fetchJson<{ assignment_id: string | null; reason?: string }>(urls.next, { method: "POST" });
  if (!result.ok) return result.message;
  navigate(result.data.assignment_id ? `${urls.ratePrefix}${result.data.assignment_id}` : urls.finished);
  return null;
}
