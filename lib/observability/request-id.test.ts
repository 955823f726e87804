// A caller's X-Request-Id is kept when it is a sane token; anything else is replaced.
import { expect, it } from "vitest";
import { isValidRequestId, requestIdFrom } from "./request-id";

it.each(["3f2b8c1e-0d4a-4c7e-9b1a-2e5f6a7b8c9d", "abc", "Root=1-67891233-abcdef012345678912345678", "trace:span/1+x"])(
  "keeps %s",
  (id) => {
    expect(requestIdFrom(new Headers({ "x-request-id": id }))).toBe(id);
  },
);

it.each(["", "has space", "new\nline", "x".repeat(129), "<script>", "ümlaut"])("replaces %j with a new uuid", (id) => {
  expect(isValidRequestId(id)).toBe(false);
  const headers = new Headers();
  // Headers refuses some of these outright; the check must not depend on that.
  try {
    headers.set("x-request-id", id);
  } catch {
    /* not representable as a header */
  }
  expect(requestIdFrom(headers)).toMatch(/^[0-9a-f-]{36}$/);
});

it("generates a different id per request", () => {
  expect(requestIdFrom(new Headers())).not.toBe(requestIdFrom(new Headers()));
});
