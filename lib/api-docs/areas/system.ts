// Probes for load balancers and this API's own description.
import { bool, int, object, str } from "../json-schema";
import { jsonAnswer, type Area } from "../operation";

const check = (extra: Record<string, ReturnType<typeof str>>) => object({ ok: bool(), ...extra, error: str() }, { optional: ["error"] });
const readiness = object({
  status: { type: "string", enum: ["ready", "not_ready", "shutting_down"] },
  database: check({ ms: int("how long the database took to answer") }),
  migrations: check({ pending: { type: "array", items: str(), description: "shipped migrations not applied" } }),
});

export const systemArea: Area = {
  tag: { name: "System", description: "Liveness, readiness and this API description: public, no data." },
  operations: [
    { method: "get", path: "/api/health", id: "health", access: "public", summary: "Liveness (no database call)", responses: { 200: jsonAnswer("The process answers.", object({ status: { const: "ok" }, uptime_s: int() })) } },
    {
      method: "get", path: "/api/ready", id: "ready", access: "public",
      summary: "Readiness: the database answers within 2 s and its migrations are current",
      responses: { 200: jsonAnswer("Ready.", readiness), 503: jsonAnswer("Not ready; says what failed (only the status while shutting down).", readiness) },
    },
    {
      method: "get", path: "/api/metrics", id: "metrics", access: "metrics_token",
      summary: "Prometheus metrics of this replica (404 while EVALFORM_METRICS_TOKEN is unset)",
      responses: { 200: { description: "Prometheus text exposition format 0.0.4.", content: { "text/plain": { schema: { type: "string" } } } } },
      errors: [404],
    },
    { method: "get", path: "/api/openapi.json", id: "openApiDocument", access: "public", summary: "This document (OpenAPI 3.1)", responses: { 200: jsonAnswer("The OpenAPI document.", { type: "object" }) } },
  ],
};
