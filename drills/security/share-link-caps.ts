// Suite-integrity cases of issue 33 for share links: a link's items per hour
// under 30 visitors at once, and several links leaving the suite's raters
// their slots.
import { drillCase, type DrillCase } from "../support/drill";
import { api, type DrillApp, type DrillUser } from "./support/drill-app";

async function shareLink(app: DrillApp, suiteId: string, body: Record<string, unknown>): Promise<string> {
  const created = await api(app, `/api/suites/${suiteId}/share-links`, { cookie: app.admin.cookie, body });
  if (created.status !== 201) throw new Error(`share link: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { share_path: string }).share_path.replace("/share/", "");
}

/** 30 new visitors (no cookie each) ask for an item at once through a link capped at 5 items an hour. */
export async function linkHourlyCapAtOnce(app: DrillApp, suiteId: string): Promise<DrillCase> {
  const cap = 5;
  const token = await shareLink(app, suiteId, { label: "hourly cap", max_items_per_hour: cap });
  const answers = await Promise.all(
    Array.from({ length: 30 }, async () => {
      const response = await api(app, `/api/share/${token}/next`, { method: "POST" });
      const body = (await response.json()) as { assignment_id?: string | null };
      return { status: response.status, taken: Boolean(body.assignment_id) };
    }),
  );
  const taken = answers.filter((answer) => answer.taken).length;
  const refused = answers.filter((answer) => answer.status === 429).length;
  const stored = Number(
    (
      await app.sql.query<{ n: string }>(
        "SELECT count(*) AS n FROM assignment a JOIN share_link l ON l.id = a.share_link_id WHERE l.suite_id = $1 AND l.max_items_per_hour = $2",
        [suiteId, cap],
      )
    ).rows[0]!.n,
  );
  return drillCase({
    name: `30 new visitors at once on a link capped at ${cap} items an hour`,
    tried: 30,
    refused,
    lost: 0,
    duplicated: Math.max(0, stored - cap),
    ok: taken <= cap && stored <= cap && taken + refused === 30,
    detail: `${taken} took an item, ${refused} answered 429; ${stored} assignment(s) stored through the link (cap ${cap})`,
  });
}

/**
 * Two links with default caps and 12 visitors on a 3-item, k = 2 suite: the
 * links together fill at most half of each item's slots, so the suite's rater
 * still gets every item (before: both slots were taken, and the rater got "busy").
 */
export async function linksLeaveRaterSlots(app: DrillApp, suiteId: string, rater: DrillUser): Promise<DrillCase> {
  const tokens = [
    await shareLink(app, suiteId, { label: "first" }),
    await shareLink(app, suiteId, { label: "second" }),
  ];
  let visitorsTook = 0;
  for (let visitor = 0; visitor < 12; visitor += 1) {
    const response = await api(app, `/api/share/${tokens[visitor % 2]}/next`, { method: "POST" });
    if (((await response.json()) as { assignment_id?: string | null }).assignment_id) visitorsTook += 1;
  }
  const raterGot: string[] = [];
  for (let item = 0; item < 3; item += 1) {
    const response = await api(app, `/api/suites/${suiteId}/next`, { method: "POST", cookie: rater.cookie });
    const body = (await response.json()) as { assignment_id?: string | null; reason?: string };
    raterGot.push(body.assignment_id ? "item" : (body.reason ?? String(response.status)));
  }
  const ok = visitorsTook <= 3 && raterGot.every((got) => got === "item");
  return drillCase({
    name: "two share links with default caps and 12 visitors on a 3-item, k = 2 suite, then its rater",
    tried: 12,
    refused: 12 - visitorsTook,
    lost: 0,
    duplicated: 0,
    ok,
    detail: `visitors took ${visitorsTook} of 6 slots (links together: half of each item's); the rater then got ${raterGot.join(", ")}`,
  });
}
