import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { assertJsonContentType, readBodyText, uploadedFile } from "./request-body";

async function refusal(action: () => unknown): Promise<AppError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("was not refused");
}

describe("assertJsonContentType", () => {
  it("accepts JSON media types and a body without a Content-Type", () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "application/merge-patch+json"]) {
      expect(() => assertJsonContentType(new Headers({ "content-type": type }))).not.toThrow();
    }
    expect(() => assertJsonContentType(new Headers())).not.toThrow();
  });

  it("refuses forms and text with 415, naming the header and the rule", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const error = await refusal(() => assertJsonContentType(new Headers({ "content-type": type })));
      expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(error.issues).toEqual([expect.objectContaining({ path: "/headers/content-type", rule: "mediaType" })]);
    }
  });
});

describe("readBodyText", () => {
  it("reads UTF-8 text", async () => {
    expect(await readBodyText(new Request("http://x", { method: "POST", body: '{"a":"ü"}' }))).toBe('{"a":"ü"}');
  });

  it("refuses invalid UTF-8 with the offset of the first bad byte, instead of replacing it", async () => {
    const body = new Uint8Array([0x7b, 0x22, 0x61, 0xff, 0xfe, 0x22, 0x7d]);
    const error = await refusal(() => readBodyText(new Request("http://x", { method: "POST", body })));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.issues[0]).toMatchObject({ rule: "utf8", message: expect.stringContaining("byte 3") });
  });

  it("stops reading past the limit with 413", async () => {
    const error = await refusal(() =>
      readBodyText(new Request("http://x", { method: "POST", body: "x".repeat(2000) }), 1000),
    );
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.issues[0]).toMatchObject({ rule: "maxBytes" });
  });
});

describe("uploadedFile", () => {
  it("refuses a file wrapped in a form", async () => {
    const request = new Request("http://x", {
      method: "POST",
      body: "--b\r\n\r\n--b--",
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect((await refusal(() => uploadedFile(request))).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("streams the file itself", async () => {
    const file = uploadedFile(
      new Request("http://x", { method: "POST", body: "{}\n{}", headers: { "content-type": "application/x-ndjson" } }),
    );
    expect(file).toBeInstanceOf(Readable);
    let text = "";
    for await (const chunk of file) text += chunk;
    expect(text).toBe("{}\n{}");
  });
});

describe("readBodyText on a body cut inside a character", () => {
  it("names the byte where a multi-byte sequence breaks", async () => {
    // "é" is c3 a9; c3 followed by "(" is not UTF-8.
    const body = Buffer.concat([Buffer.from('{"note":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const error = await refusal(() => readBodyText(new Request("http://x", { method: "POST", body })));
    expect(error.issues[0]).toMatchObject({ rule: "utf8", message: expect.stringContaining("byte 13") });
  });
});
