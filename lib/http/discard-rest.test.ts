// A refused upload is read to its end and thrown away (so the answer reaches a
// client that is still sending), within bounds: an endless or stalled body is cut.
import { describe, expect, it } from "vitest";
import { discardRest, readBodyText } from "./request-body";

function chunks(count: number, size = 1024): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === count) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size));
    },
  });
  return { stream, pulled: () => pulled };
}

describe("discardRest", () => {
  it("reads a finite body to its end", async () => {
    const body = chunks(500);
    expect(await discardRest(body.stream.getReader(), { maxBytes: 10 * 2 ** 20, maxMs: 5_000 })).toBe(
      "read to its end",
    );
    expect(body.pulled()).toBe(500);
  });

  it("cuts a body past the byte bound", async () => {
    const body = chunks(Number.POSITIVE_INFINITY);
    expect(await discardRest(body.stream.getReader(), { maxBytes: 64 * 1024, maxMs: 5_000 })).toBe("cut");
    expect(body.pulled()).toBeLessThan(100);
  });

  it("cuts a body that stalls past the time bound", async () => {
    const stalled = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const started = Date.now();
    expect(await discardRest(stalled.getReader(), { maxBytes: 2 ** 20, maxMs: 200 })).toBe("cut");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("is what a JSON body past its limit gets: the 413 is thrown and the rest still read", async () => {
    const body = chunks(3_000);
    const request = new Request("http://localhost/api/records", {
      method: "POST",
      body: body.stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    await expect(readBodyText(request, 64 * 1024)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    await expect.poll(body.pulled).toBe(3_000);
  });
});
