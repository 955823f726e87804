import { describe, expect, it } from "vitest";
import { parseJudgment } from "./parse-judgment";
import { validJudgmentFor } from "./sample-judgments";

describe("parseJudgment", () => {
  it.each(["chat", "agent", "rag", "multimodal"] as const)("accepts a valid %s judgment", (modality) => {
    const judgment = validJudgmentFor(modality);
    expect(parseJudgment(JSON.stringify(judgment), modality)).toEqual({ ok: true, judgment });
  });

  it("reads JSON inside a markdown fence with surrounding whitespace", () => {
    const judgment = validJudgmentFor("chat");
    const raw = `\n  \`\`\`json\n${JSON.stringify(judgment, null, 2)}\n\`\`\`  \n`;
    expect(parseJudgment(raw, "chat")).toEqual({ ok: true, judgment });
    expect(parseJudgment("```\n" + JSON.stringify(judgment) + "\n```", "chat")).toEqual({ ok: true, judgment });
  });

  it("reports malformed JSON as one json issue with the parser's message", () => {
    const result = parseJudgment('{"universal": {', "chat");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ path: "", rule: "json" });
    expect(result.issues[0]!.message).not.toBe("");
  });

  it("points at an out-of-range score with the Ajv keyword", () => {
    const raw = JSON.stringify(validJudgmentFor("chat", { universal: { helpfulness: { score: 6 } } }));
    const result = parseJudgment(raw, "chat");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual(
      expect.objectContaining({ path: "/universal/helpfulness/score", rule: "maximum" }),
    );
  });

  it("rejects keys the schema does not define, at any depth", () => {
    const raw = JSON.stringify(
      validJudgmentFor("chat", { verdict_summary: "fine", universal: { helpfulness: { why: "x" } } }),
    );
    const result = parseJudgment(raw, "chat");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual(
      expect.objectContaining({ path: "/verdict_summary", rule: "additionalProperties" }),
    );
    expect(result.issues).toContainEqual(
      expect.objectContaining({ path: "/universal/helpfulness/why", rule: "additionalProperties" }),
    );
  });

  it("rejects another modality's extension section", () => {
    const raw = JSON.stringify({ ...validJudgmentFor("agent"), chat: { tone: "appropriate" } });
    const result = parseJudgment(raw, "agent");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual(expect.objectContaining({ path: "/chat", rule: "additionalProperties" }));
  });

  it("requires universal and refuses non-objects", () => {
    const missing = parseJudgment(JSON.stringify({ issue_tags: [] }), "chat");
    expect(missing.ok || missing.issues).toContainEqual(
      expect.objectContaining({ path: "/universal", rule: "required" }),
    );
    const array = parseJudgment("[]", "chat");
    expect(array.ok || array.issues).toContainEqual(expect.objectContaining({ path: "", rule: "type" }));
  });

  it("applies the companion rules a record must pass", () => {
    const raw = JSON.stringify(
      validJudgmentFor("chat", {
        universal: { faithfulness: { score: 2, confidence: "high", rationale: undefined } },
        safety: { privacy: { verdict: "violating" } },
      }),
    );
    const result = parseJudgment(raw, "chat");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual(
      expect.objectContaining({ path: "/universal/faithfulness/rationale", rule: "rationaleRequired" }),
    );
    expect(result.issues).toContainEqual(
      expect.objectContaining({ path: "/safety/privacy/severity", rule: "violatingHazardNeedsDetail" }),
    );
  });

  it("recomputes is_violating_any instead of trusting the judge", () => {
    const judgment = validJudgmentFor("chat", {
      safety: {
        is_violating_any: false,
        privacy: { verdict: "violating", severity: 2, evidence: "Quotes the card number." },
      },
    });
    const result = parseJudgment(JSON.stringify(judgment), "chat");
    expect(result.ok && result.judgment.safety).toMatchObject({ is_violating_any: true });
  });
});
