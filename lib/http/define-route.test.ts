// defineRoute: the query is parsed by its schema (422 with a JSON Pointer per
// parameter), the path parameters reach the handler by name, the route names
// its own metrics label, and an answer outside its schema fails outside production.
import { expect, it } from "vitest";
import { z } from "zod";
import { currentRequestContext } from "@/lib/observability/request-context";
import { defineRoute, reply } from "./define-route";

const echo = defineRoute(
  {
    method: "GET",
    path: "/api/things/{thingId}",
    id: "getThing",
    tag: "System",
    access: "public",
    probe: true,
    summary: "A thing",
    query: z.object({ limit: z.coerce.number().int().min(1).max(10).default(5), tag: z.array(z.string()).optional() }),
    responses: {
      200: {
        description: "The thing.",
        schema: z.object({ id: z.string(), limit: z.number(), tag: z.array(z.string()).optional(), route: z.string() }),
      },
    },
  },
  async ({ params, query }) => ({
    id: params.thingId,
    limit: query.limit,
    tag: query.tag,
    route: currentRequestContext()?.route ?? "",
  }),
);

const call = (url: string) => echo(new Request(url), { params: Promise.resolve({ thingId: "t1" }) });

it("hands the handler the parsed query, the path parameters, and names the route by its contract", async () => {
  const response = await call("http://app.test/api/things/t1?limit=3&tag=a&tag=b,c");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ id: "t1", limit: 3, tag: ["a", "b", "c"], route: "/api/things/[thingId]" });
  expect(await (await call("http://app.test/api/things/t1")).json()).toMatchObject({ limit: 5 });
});

it.each([
  ["limit=abc", "/limit"],
  ["limit=11", "/limit"],
  ["limit=2&limit=3", "/limit"],
])("answers 422 naming the parameter for ?%s", async (search, path) => {
  const response = await call(`http://app.test/api/things/t1?${search}`);
  expect(response.status).toBe(422);
  const body = await response.json();
  expect(body.error.code).toBe("INVALID_INPUT");
  expect(body.errors.map((issue: { path: string }) => issue.path)).toEqual([path]);
});

it("leaves parameters the schema does not name to whoever reads them", async () => {
  expect((await call("http://app.test/api/things/t1?other=1&other=2")).status).toBe(200);
});

it("fails an answer outside its schema (tests and development), and one with an undeclared status", async () => {
  const drifting = defineRoute(
    {
      method: "GET",
      path: "/api/drift",
      id: "drift",
      tag: "System",
      access: "public",
      probe: true,
      summary: "drift",
      responses: { 200: { description: "ok", schema: z.object({ count: z.number() }) } },
    },
    async () => ({ count: "3" }),
  );
  expect((await drifting(new Request("http://app.test/api/drift"), { params: Promise.resolve({}) })).status).toBe(500);
  const undeclared = defineRoute(
    {
      method: "GET",
      path: "/api/drift",
      id: "drift",
      tag: "System",
      access: "public",
      probe: true,
      summary: "drift",
      responses: { 200: { description: "ok", schema: z.object({}) } },
    },
    async () => reply({}, 202),
  );
  expect((await undeclared(new Request("http://app.test/api/drift"), { params: Promise.resolve({}) })).status).toBe(
    500,
  );
});

it("sends a reply's status and headers, and a Response as it is", async () => {
  const created = defineRoute(
    {
      method: "POST",
      path: "/api/made",
      id: "made",
      tag: "System",
      access: "metrics_token",
      summary: "made",
      responses: { 201: { description: "made", schema: z.object({ id: z.string() }) } },
    },
    async () => reply({ id: "m1" }, 201, { Location: "/api/made/m1" }),
  );
  const response = await created(new Request("http://app.test/api/made", { method: "POST" }), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(201);
  expect(response.headers.get("location")).toBe("/api/made/m1");
  expect(created.contract.id).toBe("made");
});
