// GET /api/openapi.json: the API's OpenAPI 3.1 document. Public: it describes
// routes and schemas, no data; built once per process.
import { openApiDocument } from "@/lib/api-docs/openapi";

export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
