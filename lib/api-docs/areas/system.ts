// Probes for load balancers and this API's own description. Health,
// readiness and metrics are route contracts (app/api/{health,ready,metrics});
// the document's own route builds the document, so it is described here.
import { jsonAnswer, type Area } from "../operation";

export const systemArea: Area = {
  tag: { name: "System", description: "Liveness, readiness and this API description: public, no data." },
  operations: [
    {
      method: "get",
      path: "/api/openapi.json",
      id: "openApiDocument",
      access: "public",
      summary: "This document (OpenAPI 3.1)",
      responses: { 200: jsonAnswer("The OpenAPI document.", { type: "object" }) },
    },
  ],
};
