// How expected errors become HTTP answers.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { errorResponse } from "./error-response";

describe("errorResponse", () => {
  it("answers a body refused for its size with 413 and the rule", async () => {
    const response = errorResponse(
      new AppError("PAYLOAD_TOO_LARGE", "The request body is larger than 1048576 bytes", [
        { path: "", rule: "maxBytes", message: "too large" },
      ]),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0]).toMatchObject({ rule: "maxBytes" });
  });
});

it("answers every 503 with Retry-After: a draining replica's as well as the database's", async () => {
  const draining = errorResponse(new AppError("UNAVAILABLE", "This server is shutting down; send the request again"));
  expect(draining.status).toBe(503);
  expect(draining.headers.get("Retry-After")).toBe("1");
  const refused = errorResponse(new AppError("INVALID_INPUT", "no", []));
  expect(refused.headers.get("Retry-After")).toBeNull();
});
