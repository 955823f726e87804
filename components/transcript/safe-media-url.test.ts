import { describe, expect, it } from "vitest";
import { safeMediaUrl } from "./safe-media-url";

describe("safeMediaUrl", () => {
  it("passes http and https for every kind", () => {
    expect(safeMediaUrl("https://example.com/a.png", "image")).toBe("https://example.com/a.png");
    expect(safeMediaUrl("http://example.com/talk.mp3", "audio")).toBe("http://example.com/talk.mp3");
    expect(safeMediaUrl("  HTTPS://Example.com/report.pdf ", "file")).toBe("https://example.com/report.pdf");
  });

  it("passes data: only for embedded media of the matching type", () => {
    expect(safeMediaUrl("data:image/png;base64,iVBORw0KGgo=", "image")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(safeMediaUrl("data:AUDIO/wav;base64,UklGRg==", "audio")).toBe("data:AUDIO/wav;base64,UklGRg==");
    expect(safeMediaUrl("data:video/mp4;base64,AAAA", "video")).toBe("data:video/mp4;base64,AAAA");
    expect(safeMediaUrl("data:text/html,<script>alert(1)</script>", "image")).toBeNull();
    expect(safeMediaUrl("data:image/png;base64,iVBORw0KGgo=", "video")).toBeNull();
    expect(safeMediaUrl("data:image/png;base64,iVBORw0KGgo=", "file")).toBeNull();
    expect(safeMediaUrl("data:,hello", "image")).toBeNull();
    expect(safeMediaUrl("data:image/png", "image")).toBeNull();
  });

  it("rejects every other scheme, however it is spelled", () => {
    for (const url of ["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)", "vbscript:msgbox(1)", "file:///etc/passwd", "blob:https://example.com/1", "ftp://example.com/a.png", "mailto:a@example.com"]) {
      expect(safeMediaUrl(url, "image"), url).toBeNull();
      expect(safeMediaUrl(url, "file"), url).toBeNull();
    }
  });

  it("rejects relative and malformed URLs, which have no scheme to check", () => {
    for (const url of ["/uploads/a.png", "//example.com/a.png", "a.png", "", "http://"]) {
      expect(safeMediaUrl(url, "image"), url).toBeNull();
    }
  });
});
