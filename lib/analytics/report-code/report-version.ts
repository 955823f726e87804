// The version a cached suite report is keyed by: what the report is computed
// from besides the data — the contract facts (dimensions, hazards, tags, rater
// types…) and the report's code (its source hash) — so a new dimension or a
// change of computation recomputes every cached report, with no number to bump.
import { createHash } from "node:crypto";
import { CONTRACT_FACTS, type ContractFacts } from "@/lib/aif/contract-facts";
import { REPORT_CODE_SHA256 } from "./report-code-version";

export function reportVersionOf(facts: ContractFacts, codeSha256: string): string {
  return createHash("sha256")
    .update(JSON.stringify({ facts, code: codeSha256 }))
    .digest("hex")
    .slice(0, 32);
}

export const REPORT_VERSION = reportVersionOf(CONTRACT_FACTS, REPORT_CODE_SHA256);
