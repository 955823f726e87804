// The report cache key follows the contract facts and the report's code by
// itself: the committed code hash is the hash of today's source (regenerate
// with `npm run report:version`), and a changed fact or code hash changes it.
import { expect, it } from "vitest";
import { CONTRACT_FACTS } from "@/lib/aif/contract-facts";
import { reportCodeFiles, reportCodeHash } from "./report-code-hash";
import { REPORT_CODE_SHA256 } from "./report-code-version";
import { REPORT_VERSION, reportVersionOf } from "./report-version";

it("carries the hash of the report's current source (run `npm run report:version` after changing it)", () => {
  expect(reportCodeFiles()).toContain("lib/analytics/suite-report.ts");
  expect(reportCodeFiles()).toContain("lib/analytics/agreement-report.ts");
  expect(reportCodeFiles()).toContain("lib/review/review-summary.ts");
  expect(REPORT_CODE_SHA256, "the report's code changed: run `npm run report:version`").toBe(reportCodeHash());
});

it("changes when a contract fact changes (a new Likert dimension, hazard or tag)", () => {
  expect(REPORT_VERSION).toBe(reportVersionOf(CONTRACT_FACTS, REPORT_CODE_SHA256));
  const withDimension = {
    ...CONTRACT_FACTS,
    likertDimensions: [...CONTRACT_FACTS.likertDimensions, "universal.conciseness"],
  };
  const withHazard = { ...CONTRACT_FACTS, hazards: [...CONTRACT_FACTS.hazards, "elections"] };
  const withTag = { ...CONTRACT_FACTS, issueTags: [...CONTRACT_FACTS.issueTags, "bias"] };
  const keys = [withDimension, withHazard, withTag].map((facts) => reportVersionOf(facts, REPORT_CODE_SHA256));
  expect(new Set([REPORT_VERSION, ...keys]).size).toBe(4);
});

it("changes when the report's code changes", () => {
  expect(reportVersionOf(CONTRACT_FACTS, "0".repeat(64))).not.toBe(REPORT_VERSION);
});
