// GET /api/metrics: Prometheus text format, for a scraper holding
// EVALFORM_METRICS_TOKEN (404 while it is unset, 401 without it).
import { defineRoute } from "@/lib/http/define-route";
import { assertMayScrapeMetrics } from "@/lib/observability/metrics-access";
import { renderMetrics } from "@/lib/observability/metrics-scrape";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/metrics",
    id: "metrics",
    tag: "System",
    access: "metrics_token",
    probe: true,
    summary: "Prometheus metrics of this replica (404 while EVALFORM_METRICS_TOKEN is unset)",
    responses: {
      200: {
        description: "Prometheus text exposition format 0.0.4.",
        content: { "text/plain": { schema: { type: "string" } } },
      },
    },
    errors: [404],
  },
  async ({ request }) => {
    assertMayScrapeMetrics(request.headers);
    const { contentType, body } = await renderMetrics();
    return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  },
);
