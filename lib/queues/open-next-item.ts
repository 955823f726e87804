// Browser side of "next item": ask the server, then go to the rating page (or
// back to the queue when nothing is left). One function for the queue page,
// the rating page's button and its keyboard shortcut.
import { fetchJson } from "@/lib/http/fetch-json";

export async function openNextItem(suiteId: string, navigate: (path: string) => void): Promise<string | null> {
  const result = await fetchJson<{ assignment_id: string | null; reason?: string }>(`/api/suites/${suiteId}/next`, { method: "POST" });
  if (!result.ok) return result.message;
  navigate(result.data.assignment_id ? `/rate/${result.data.assignment_id}` : `/queue?finished=${suiteId}`);
  return null;
}
