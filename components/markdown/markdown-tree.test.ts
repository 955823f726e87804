import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { renderToStaticMarkup } from "react-dom/server";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { describe, expect, it } from "vitest";
import { PAYLOADS } from "@/drills/security/hostile-payloads";
import { isLongText } from "./long-text";
import { markdownTree, renderedText } from "./markdown-tree";

// Rendered the way the page renders it: the tree as React elements.
const html = (text: string) => renderToStaticMarkup(toJsxRuntime(markdownTree(text), { Fragment, jsx, jsxs }));

describe("markdownTree", () => {
  it("renders GFM tables and highlights fenced code", () => {
    const out = html("| a | b |\n| - | - |\n| 1 | 2 |\n\n```python\ndef f(x):\n    return 1\n```");
    expect(out).toContain(`<table tabindex="0">`);
    expect(out).toContain("<td>1</td>");
    expect(out).toContain('<code class="hljs language-python">');
    expect(out).toContain('<span class="hljs-keyword">def</span>');
  });

  it("keeps raw HTML as text and leaves no handler or script URL", () => {
    for (const payload of Object.values(PAYLOADS)) {
      const out = html(payload);
      expect(out, payload).not.toMatch(/<(script|svg|img|iframe)\b/i);
      expect(out, payload).not.toMatch(/<[^>]*\son\w+=/i);
      expect(out, payload).not.toMatch(/href="javascript:/i);
    }
    expect(renderedText(markdownTree(PAYLOADS.script))).toBe(PAYLOADS.script);
    expect(html(PAYLOADS.markdownLink)).toBe("<p><span>click me</span></p>");
  });

  it("makes links open in a new tab without referrer and never loads images", () => {
    expect(html("[docs](https://example.com)")).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">docs</a></p>',
    );
    const image = html("![a cat](https://tracker.example/cat.png)");
    expect(image).not.toContain("<img");
    expect(image).toContain("[a cat (https://tracker.example/cat.png) — not loaded]");
  });

  it("marks media placeholders as not shown, except inside code", () => {
    expect(html("Here: <image:0>")).toBe(
      '<p>Here: <span class="md-media-missing" title="&lt;image:0&gt;">[image 1 cannot be shown]</span></p>',
    );
    expect(html("`<image:0>`")).toBe("<p><code>&lt;image:0&gt;</code></p>");
  });

  it("keeps single line breaks (chat output is written that way)", () => {
    expect(html("one\ntwo")).toBe("<p>one<br/>\ntwo</p>");
  });
});

describe("isLongText", () => {
  it("is long past 1,500 characters or 24 lines", () => {
    expect(isLongText("a".repeat(1500))).toBeNull();
    expect(isLongText("a".repeat(1501))).toEqual({ lines: 1 });
    expect(isLongText(Array.from({ length: 25 }, () => "x").join("\n"))).toEqual({ lines: 25 });
  });
});
