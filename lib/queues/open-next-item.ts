// Browser side of "next item": ask the server, then go to the rating page (or
// to the finished page when nothing is left). One function for the queue
// page, the rating page's button and its keyboard shortcut, for raters and
// for visitors on a share link.
import { fetchJson } from "@/lib/http/fetch-json";

/** `idKey` names the field of the "next" answer that holds the id to open. */
export type QueueUrls = {
  next: string;
  ratePrefix: string;
  finished: string;
  idKey?: "assignment_id" | "judge_eval_id" | "item_id";
};

export function raterQueueUrls(suiteId: string): QueueUrls {
  return { next: `/api/suites/${suiteId}/next`, ratePrefix: "/rate/", finished: `/queue?finished=${suiteId}` };
}

export function shareQueueUrls(token: string): QueueUrls {
  return {
    next: `/api/share/${token}/next`,
    ratePrefix: `/share/${token}/rate/`,
    finished: `/share/${token}?finished=1`,
  };
}

export function reviewQueueUrls(suiteId: string): QueueUrls {
  return {
    next: `/api/suites/${suiteId}/review-next`,
    ratePrefix: "/review/",
    finished: `/review?finished=${suiteId}`,
    idKey: "judge_eval_id",
  };
}

export function adjudicationQueueUrls(suiteId: string): QueueUrls {
  return {
    next: `/api/suites/${suiteId}/adjudication-next`,
    ratePrefix: `/adjudicate/${suiteId}/items/`,
    finished: `/adjudicate/${suiteId}?finished=1`,
    idKey: "item_id",
  };
}

export async function openNextItem(urls: QueueUrls, navigate: (path: string) => void): Promise<string | null> {
  const result = await fetchJson<Record<string, string | null>>(urls.next, { method: "POST" });
  if (!result.ok) return result.message;
  const id = result.data[urls.idKey ?? "assignment_id"];
  navigate(id ? `${urls.ratePrefix}${id}` : urls.finished);
  return null;
}
