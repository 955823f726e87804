// Every handler runs with a request id: the caller's when valid, echoed in
// X-Request-Id, and visible to code the handler calls.
import { expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { currentRequestContext } from "@/lib/observability/request-context";
import { observeRequest } from "./api-handler";

it("echoes a valid incoming X-Request-Id and exposes it to the handler with the route template", async () => {
  let seen: unknown;
  const response = await observeRequest(
    new Request("http://app.test/api/suites/abc/prefills", { headers: { "x-request-id": "from-lb-42" } }),
    async () => {
      await Promise.resolve();
      seen = { ...currentRequestContext() };
      return Response.json({ ok: true });
    },
  );
  expect(response.headers.get("x-request-id")).toBe("from-lb-42");
  expect(seen).toEqual({ requestId: "from-lb-42", route: "/api/suites/[suiteId]/prefills" });
});

it("answers an invalid incoming id with a new one", async () => {
  const response = await observeRequest(
    new Request("http://app.test/api/records", { headers: { "x-request-id": "<bad id>" } }),
    async () => Response.json({}),
  );
  expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
});

it("turns a thrown AppError into its status, still with the request id", async () => {
  const response = await observeRequest(new Request("http://app.test/api/records"), async () => {
    throw new AppError("NOT_FOUND", "No such thing");
  });
  expect(response.status).toBe(404);
  expect(response.headers.get("x-request-id")).toBeTruthy();
});

it("adds the header to a response whose headers are immutable", async () => {
  const response = await observeRequest(new Request("http://app.test/api/records"), async () =>
    Response.redirect("http://app.test/elsewhere", 307),
  );
  expect(response.status).toBe(307);
  expect(response.headers.get("location")).toBe("http://app.test/elsewhere");
  expect(response.headers.get("x-request-id")).toBeTruthy();
});

it("sends an AppError's details inside its error object, and nothing extra without them", async () => {
  const conflict = await observeRequest(new Request("http://app.test/api/records"), async () => {
    throw new AppError("CONFLICT", "Changed elsewhere", [], { current: { version: 3, draft: { notes: "newer" } } });
  });
  expect(conflict.status).toBe(409);
  expect(await conflict.json()).toEqual({
    error: {
      code: "CONFLICT",
      message: "Changed elsewhere",
      details: { current: { version: 3, draft: { notes: "newer" } } },
    },
    errors: [],
  });
  const plain = await observeRequest(new Request("http://app.test/api/records"), async () => {
    throw new AppError("NOT_FOUND", "No such thing");
  });
  expect(await plain.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such thing" }, errors: [] });
});
