import { describe, expect, it } from "vitest";
import { draftContentKey, sameDraftContent } from "./draft-content";
import { chooseStartingDraft } from "./local-draft";

// PostgreSQL's JSONB gives an object's keys back shortest first, then bytewise.
function jsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (typeof value !== "object" || value === null) return value;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, jsonbOrder((value as Record<string, unknown>)[key])]));
}

// The form's order: sections as the schema lists them, fields as the rater filled them.
const formDraft = {
  task: { task_id: "t1", modality: "chat", prompt: "Hi" },
  universal: { helpfulness: { score: 4, confidence: "high" }, instruction_following: {}, faithfulness: {} },
  safety: {},
  issue_tags: ["verbosity"],
};

describe("draft content", () => {
  it("is the same whatever the key order (JSONB's or the form's) and with empty sections", () => {
    const stored = jsonbOrder({
      task: formDraft.task,
      universal: { helpfulness: { confidence: "high", score: 4 } },
      issue_tags: ["verbosity"],
    }) as Record<string, unknown>;
    expect(JSON.stringify(stored)).not.toBe(JSON.stringify(formDraft));
    expect(sameDraftContent(stored, formDraft)).toBe(true);
    expect(draftContentKey(null)).toBe(draftContentKey({ universal: {}, safety: {} }));
    // What the form adds on its first render (the schema's const, an empty object per required dimension) is no edit.
    expect(
      sameDraftContent(
        { task: formDraft.task },
        { task: formDraft.task, schema_version: "1.0.0", universal: { helpfulness: {}, faithfulness: {} } },
      ),
    ).toBe(true);
  });
  it("differs when a value, an array's order or a filled field differs", () => {
    expect(sameDraftContent(formDraft, { ...formDraft, issue_tags: [] })).toBe(false);
    expect(
      sameDraftContent({ universal: { helpfulness: { score: 4 } } }, { universal: { helpfulness: { score: 5 } } }),
    ).toBe(false);
    expect(sameDraftContent({ freeform: { notes: "" } }, {})).toBe(false);
  });
});

describe("the one-tab 'older version' notice (its cause)", () => {
  it("is not shown when the browser copy only lags the server by a save of the same content", () => {
    // Opening the item wrote the form's first render to the browser (version 1, not yet
    // acknowledged) and saved it; the page was left before the acknowledgement arrived.
    // The server is at version 2 with the same ratings in JSONB's key order.
    const local = { draft: formDraft, baseVersion: 1, synced: false, changedAt: 1 };
    const server = { draft: jsonbOrder(formDraft) as Record<string, unknown>, version: 2 };
    expect(chooseStartingDraft(server, local)).toMatchObject({
      source: "server",
      baseVersion: 2,
      olderBrowserCopy: null,
    });
  });
  it("is still shown when the older browser copy holds a real change", () => {
    const local = {
      draft: { ...formDraft, issue_tags: ["hallucination"] },
      baseVersion: 1,
      synced: false,
      changedAt: 1,
    };
    const server = { draft: jsonbOrder(formDraft) as Record<string, unknown>, version: 2 };
    expect(chooseStartingDraft(server, local).olderBrowserCopy).toBe(local);
  });
});
