// GET /api/suites/:id/item-progress: a page of the suite's items with ratings
// so far of k, live holds, skips, gold and adjudication status (admin).
import { SuiteItemPageSchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { listSuiteItemProgress } from "@/lib/suites/item-progress";
import { SuiteItemPageQuery } from "@/lib/suites/validation";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/item-progress",
    id: "listSuiteItemProgress",
    tag: "Suites",
    access: "suites.manage",
    summary: "A page of the suite's items: ratings of k, holds, skips, gold, adjudication status",
    query: SuiteItemPageQuery,
    responses: { 200: { description: "The page and how many items match.", schema: SuiteItemPageSchema } },
    errors: [404, 422],
  },
  async ({ actor, params, query }) => {
    const page = await listSuiteItemProgress({ actor, suiteId: params.suiteId, query });
    return {
      items: page.items.map((item) => ({ ...snakeKeys(item), holds: item.holds.map(snakeKeys) })),
      total: page.total,
      page: page.page,
      per_page: page.perPage,
    };
  },
);
