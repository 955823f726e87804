// GET /api/metrics: Prometheus text format, for a scraper holding
// EVALFORM_METRICS_TOKEN (404 while it is unset, 401 without it).
import { observeRequest } from "@/lib/http/api-handler";
import { assertMayScrapeMetrics } from "@/lib/observability/metrics-access";
import { renderMetrics } from "@/lib/observability/metrics-scrape";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return observeRequest(
    request,
    async () => {
      assertMayScrapeMetrics(request.headers);
      const { contentType, body } = await renderMetrics();
      return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
    },
    { probe: true, serveWhileDraining: true },
  );
}
