import { describe, expect, it } from "vitest";
import { mediaPlaceholders, mediaVerdict, showableMediaUrl } from "./media-url";
import { describeMissing, missingMedia } from "./missing-media";
import type { Item } from "./types";

describe("showableMediaUrl", () => {
  it("shows same-origin media and links to files anywhere, but loads nothing from another host", () => {
    expect(showableMediaUrl("/media/a.png", "image")).toBe("/media/a.png");
    expect(showableMediaUrl("https://example.com/a.png", "image")).toBeNull();
    expect(mediaVerdict("https://example.com/a.png", "image")).toEqual({ show: false, reason: "external" });
    expect(showableMediaUrl("http://example.com/talk.mp3", "audio")).toBeNull();
    expect(showableMediaUrl("  HTTPS://Example.com/report.pdf ", "file")).toBe("https://example.com/report.pdf");
  });

  it("reads //host and /\\host as the other hosts they are", () => {
    for (const url of ["//example.com/a.png", "/\\example.com/a.png", "/a\n.png"])
      expect(showableMediaUrl(url, "image"), url).toBeNull();
  });

  it("passes data: only for embedded media of the matching type", () => {
    expect(showableMediaUrl("data:image/png;base64,iVBORw0KGgo=", "image")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(showableMediaUrl("data:AUDIO/wav;base64,UklGRg==", "audio")).toBe("data:AUDIO/wav;base64,UklGRg==");
    expect(showableMediaUrl("data:video/mp4;base64,AAAA", "video")).toBe("data:video/mp4;base64,AAAA");
    expect(showableMediaUrl("data:text/html,<script>alert(1)</script>", "image")).toBeNull();
    expect(showableMediaUrl("data:image/png;base64,iVBORw0KGgo=", "video")).toBeNull();
    expect(showableMediaUrl("data:image/png;base64,iVBORw0KGgo=", "file")).toBeNull();
    expect(showableMediaUrl("data:,hello", "image")).toBeNull();
    expect(showableMediaUrl("data:image/png", "image")).toBeNull();
  });

  it("rejects every other scheme, however it is spelled", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "blob:https://example.com/1",
      "ftp://example.com/a.png",
      "mailto:a@example.com",
      "a.png",
      "",
      "http://",
    ]) {
      expect(showableMediaUrl(url, "image"), url).toBeNull();
      expect(showableMediaUrl(url, "file"), url).toBeNull();
    }
  });
});

describe("missing media", () => {
  const item = (prompt: string, extra: Item["transcript"]["messages"] = []): Item => ({
    task: { task_id: "t", suite_id: "s", modality: "multimodal", prompt } as Item["task"],
    subject: { system_under_test: "m" } as Item["subject"],
    transcript: { messages: [{ role: "user", content: [{ type: "text", text: prompt }] }, ...extra] },
  });

  it("finds placeholders left where a source dropped its media, counting a repeated prompt once", () => {
    expect(mediaPlaceholders("a <image:0> b <image:1> <audio:0>").map((found) => found.token)).toEqual([
      "<image:0>",
      "<image:1>",
      "<audio:0>",
    ]);
    const missing = missingMedia(item("Draw a cat <image:0>"));
    expect(missing).toHaveLength(1);
    expect(describeMissing(missing)).toBe("1 image");
  });

  it("counts media segments the viewer will not load", () => {
    const missing = missingMedia(
      item("Describe", [
        {
          role: "assistant",
          content: [
            { type: "image", url: "https://cdn.example/a.png" },
            { type: "image", url: "data:image/png;base64,AA==" },
            { type: "audio", url: "javascript:x" },
          ],
        },
      ]),
    );
    expect(describeMissing(missing)).toBe("1 image and 1 audio clip");
    expect(missing[0]?.where).toBe("/transcript/messages/1/content/0");
  });
});
