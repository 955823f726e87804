// Scraping needs the metrics token: 404 while none is configured, 401 for a missing or wrong one.
import { expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { assertMayScrapeMetrics } from "./metrics-access";

const TOKEN = "mT9vQ2xL7pR4sK8wZ1nB6cY3hJ5fD0gA";

function codeOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "unexpected";
  }
}

it("answers as if the endpoint did not exist while no token is configured", () => {
  expect(codeOf(() => assertMayScrapeMetrics(new Headers({ authorization: `Bearer ${TOKEN}` }), undefined))).toBe(
    "NOT_FOUND",
  );
});

it.each([
  ["no header", {}],
  ["another scheme", { authorization: `Basic ${TOKEN}` }],
  ["a wrong token", { authorization: `Bearer ${TOKEN.slice(0, -1)}X` }],
  ["a prefix of the token", { authorization: `Bearer ${TOKEN.slice(0, 10)}` }],
  ["an empty bearer", { authorization: "Bearer " }],
])("refuses %s with 401", (_label, headers) => {
  expect(codeOf(() => assertMayScrapeMetrics(new Headers(headers), TOKEN))).toBe("UNAUTHENTICATED");
});

it("lets the token through, whatever the scheme's case", () => {
  expect(codeOf(() => assertMayScrapeMetrics(new Headers({ authorization: `Bearer ${TOKEN}` }), TOKEN))).toBeNull();
  expect(codeOf(() => assertMayScrapeMetrics(new Headers({ authorization: `bearer ${TOKEN}` }), TOKEN))).toBeNull();
});
