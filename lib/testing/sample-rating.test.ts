// The sample rating is valid against the contract and its rules, and rates
// every universal dimension the schema has (so it follows a new one).
import { expect, it } from "vitest";
import { recordErrors } from "@/lib/aif/contract";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { agentDraft, chatDraft } from "@/lib/aif/sample-drafts";
import { sampleRating, sampleUniversal } from "./sample-rating";

const assigned = {
  schema_version: "1.0.0",
  eval_id: "3c1d5e7f-9a2b-4c6d-8e0f-1a3b5c7d9e2f",
  created_at: "2026-11-21T10:00:00.000Z",
};

it("makes a rating that passes the contract and its rules, at every score", () => {
  expect(recordErrors({ ...sampleRating(), ...assigned })).toEqual([]);
  for (const score of [1, 2, 3, 4, 5])
    expect(recordErrors({ ...sampleRating({ universal: sampleUniversal(score) }), ...assigned })).toEqual([]);
});

it("rates exactly the schema's universal dimensions, and the realistic samples rate them all too", () => {
  expect(Object.keys(sampleUniversal())).toEqual([...UNIVERSAL_DIMENSIONS]);
  for (const draft of [chatDraft(), agentDraft()])
    expect(Object.keys(draft.universal)).toEqual(expect.arrayContaining([...UNIVERSAL_DIMENSIONS]));
});
