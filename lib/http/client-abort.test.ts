// A client that hangs up mid-body is a client abort (499, logged at info),
// never "database unavailable" (503): its socket error is ECONNRESET, which
// the outage check took for the database's.
import { describe, expect, it } from "vitest";
import { errorResponse, readJsonBody } from "./error-response";
import { ClientAbortError, uploadedFile } from "./request-body";

/** A request whose body sends a few bytes, then fails as Node's server does when the client hangs up. */
function cutRequest(contentType: string): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"email": "a@b.c", "pass'));
      setTimeout(() => controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" })), 10);
    },
  });
  return new Request("http://localhost/api/records", {
    method: "POST",
    headers: { "content-type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("a client that hangs up mid-body", () => {
  it("is answered 499 (a client abort), not 503, when a JSON body is cut", async () => {
    const error = await readJsonBody(cutRequest("application/json")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientAbortError);
    const response = errorResponse(error);
    expect(response.status).toBe(499);
    expect((await response.json()).error.code).toBe("CLIENT_CLOSED_REQUEST");
  });

  it("is a client abort when an uploaded file is cut, also as the cause of what its reader throws", async () => {
    const file = uploadedFile(cutRequest("application/x-ndjson"));
    const error = await (async () => {
      for await (const _chunk of file) void _chunk;
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientAbortError);
    expect(errorResponse(new Error("the import stopped", { cause: error })).status).toBe(499);
    // A database that went away still answers 503.
    expect(errorResponse(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })).status).toBe(503);
  });
});
