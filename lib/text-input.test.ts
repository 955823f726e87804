// Text PostgreSQL cannot store is refused as an input error naming its field.
import { describe, expect, it } from "vitest";
import { readJsonBody, errorResponse } from "@/lib/http/error-response";
import { AppError } from "@/lib/errors";
import { parseJsonText, unstorableQueryIssue } from "./text-input";

const jsonRequest = (body: string) =>
  new Request("http://localhost/api/records", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });

describe("text that cannot be stored", () => {
  it("names the field of a NUL or an unpaired surrogate, in values and in keys, and lets paired surrogates through", () => {
    expect(parseJsonText(String.raw`{"universal": {"helpfulness": {"rationale": "a\u0000b"}}}`)).toEqual({
      ok: false,
      issue: {
        path: "/universal/helpfulness/rationale",
        rule: "storableText",
        message: expect.stringContaining("NUL"),
      },
    });
    expect(parseJsonText(String.raw`{"issue_tags": ["ok", "\uD800"]}`)).toMatchObject({
      ok: false,
      issue: { path: "/issue_tags/1", rule: "storableText" },
    });
    expect(parseJsonText(String.raw`{"notes": "\uDC00 low first"}`)).toMatchObject({
      ok: false,
      issue: { path: "/notes" },
    });
    expect(parseJsonText(String.raw`{"a/b\u0000": 1}`)).toMatchObject({ ok: false, issue: { path: "/a~1b\u0000" } });
    expect(parseJsonText(String.raw`{"notes": "emoji \uD83D\uDE00 is fine"}`)).toEqual({
      ok: true,
      value: { notes: "emoji 😀 is fine" },
    });
    // Lower-case escapes, and a lone surrogate in the text itself (a JS string, not decoded UTF-8), are found too.
    expect(parseJsonText(String.raw`{"notes": "x\ud9ff"}`)).toMatchObject({ ok: false, issue: { path: "/notes" } });
    expect(parseJsonText(`{"notes": "raw ${String.fromCharCode(0xdfff)} alone"}`)).toMatchObject({
      ok: false,
      issue: { path: "/notes" },
    });
    // An escaped backslash before "u0000" is text, not a NUL.
    expect(parseJsonText(String.raw`{"notes": "C:\\u0000"}`)).toEqual({ ok: true, value: { notes: "C:\\u0000" } });
    expect(unstorableQueryIssue(new URLSearchParams("system_under_test=a%00b"))).toMatchObject({
      path: "/system_under_test",
      rule: "storableText",
    });
    expect(unstorableQueryIssue(new URLSearchParams("tag=lang%3Den"))).toBeNull();
  });

  it("refuses such a JSON body with 400 naming the field, before it reaches the database", async () => {
    const error = await readJsonBody(jsonRequest(String.raw`{"draft": {"notes": "x\u0000"}}`)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    const response = errorResponse(error);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { path: "/draft/notes", rule: "storableText", message: expect.any(String) },
    ]);
  });

  it("answers PostgreSQL's text-encoding refusals with 400, not 500 (the safety net)", async () => {
    for (const error of [
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" }),
      Object.assign(new Error("unsupported Unicode escape sequence"), { code: "22P05" }),
      new Error(
        "Invalid `prisma.item.create()` invocation: Database error. Code: `22P05`. Message: unsupported Unicode escape sequence",
      ),
    ]) {
      const response = errorResponse(error);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe("BAD_REQUEST");
    }
  });
});

describe("numbers that are not finite", () => {
  it("names the field of a number that reads as infinity (1e400, -1e400, 310 digits), and lets large finite ones through", () => {
    expect(parseJsonText(`{"universal": {"helpfulness": {"score": 1e400}}}`)).toEqual({
      ok: false,
      issue: { path: "/universal/helpfulness/score", rule: "finiteNumber", message: expect.stringContaining("finite") },
    });
    expect(parseJsonText(`{"a": [1, -1E+400]}`)).toMatchObject({ ok: false, issue: { path: "/a/1" } });
    expect(parseJsonText(`{"a~b": ${"9".repeat(310)}}`)).toMatchObject({ ok: false, issue: { path: "/a~0b" } });
    expect(parseJsonText(`{"a": 1${"0".repeat(250)}e60}`)).toMatchObject({ ok: false, issue: { path: "/a" } });
    expect(parseJsonText(`1e400`)).toMatchObject({ ok: false, issue: { path: "", rule: "finiteNumber" } });
    expect(parseJsonText(`{"a": 1.7e308, "b": 1e-400, "c": "1e400"}`)).toEqual({
      ok: true,
      value: { a: 1.7e308, b: 0, c: "1e400" },
    });
  });

  it("refuses such a JSON body with 400 naming the field", async () => {
    const error = await readJsonBody(jsonRequest(`{"draft": {"confidence": 1e400}}`)).catch(
      (caught: unknown) => caught,
    );
    const response = errorResponse(error);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.message).toContain("/draft/confidence");
    expect(body.errors).toEqual([{ path: "/draft/confidence", rule: "finiteNumber", message: expect.any(String) }]);
  });
});
