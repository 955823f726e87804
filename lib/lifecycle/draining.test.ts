// Once draining begins, a request already being served finishes with its own
// answer, a new API request is refused with 503, probes still answer, and every
// answer asks the client to close its connection.
import { expect, it } from "vitest";
import { observeRequest } from "@/lib/http/api-handler";
import { beginDraining, isDraining, requestsInFlight } from "./draining";

it("finishes the request in flight, refuses new ones, keeps answering probes", async () => {
  let release: () => void = () => undefined;
  const inFlight = observeRequest(new Request("http://app.test/api/records", { method: "POST" }), async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return Response.json({ eval_id: "e1" }, { status: 201 });
  });
  await Promise.resolve();
  expect(requestsInFlight()).toBe(1);
  expect(isDraining()).toBe(false);

  beginDraining();
  expect(isDraining()).toBe(true);
  let handlerRan = false;
  const refused = await observeRequest(new Request("http://app.test/api/records", { method: "POST" }), async () => {
    handlerRan = true;
    return Response.json({}, { status: 201 });
  });
  expect(handlerRan).toBe(false);
  expect(refused.status).toBe(503);
  expect(await refused.json()).toMatchObject({ error: { code: "UNAVAILABLE" } });
  expect(refused.headers.get("connection")).toBe("close");

  const probe = await observeRequest(
    new Request("http://app.test/api/health"),
    async () => Response.json({ status: "ok" }),
    { serveWhileDraining: true },
  );
  expect(probe.status).toBe(200);
  expect(probe.headers.get("connection")).toBe("close");

  release();
  const finished = await inFlight;
  expect(finished.status).toBe(201);
  expect(await finished.json()).toEqual({ eval_id: "e1" });
  expect(finished.headers.get("connection")).toBe("close");
  expect(requestsInFlight()).toBe(0);
});
