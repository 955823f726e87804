// How expected errors become HTTP answers.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { errorResponse } from "./error-response";

describe("errorResponse", () => {
  it("closes the connection after refusing a body for its size (the rest of it was never read)", async () => {
    const response = errorResponse(new AppError("PAYLOAD_TOO_LARGE", "The request body is larger than 1048576 bytes", [{ path: "", rule: "maxBytes", message: "too large" }]));
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect((await response.json()).errors[0]).toMatchObject({ rule: "maxBytes" });
  });

  it("keeps the connection for other refusals", () => {
    const response = errorResponse(new AppError("INVALID_RECORD", "The record is not valid", []));
    expect(response.status).toBe(422);
    expect(response.headers.get("connection")).toBeNull();
  });
});
