// Item text (prompts, answers, reasoning, documents) read as GitHub-flavoured
// markdown and turned into a sanitized HTML tree, never into an HTML string.
// Raw HTML in the text is kept as literal text, links lose any script scheme
// and open in a new tab without a referrer, images are named but never loaded
// (the browser would fetch them from wherever the item points). Server only:
// the parser and highlighter never reach the rating page's JavaScript.
import "server-only";
import type { Element, ElementContent, Root as HastRoot } from "hast";
import type { Root as MdastRoot } from "mdast";
import rehypeHighlight from "rehype-highlight";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { MEDIA_PLACEHOLDER_PATTERN } from "@/lib/items/media-url";

const PLACEHOLDER_LINK = /^(?:image|audio|video|file):\d+$/;

/**
 * Raw HTML in markdown becomes the text it is, so `<script>` reads as `<script>`;
 * so does `<image:0>`, which markdown would read as a link to "image:0".
 */
function htmlAsText() {
  return (tree: MdastRoot) => {
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.type === "html") parent.children[index] = { type: "text", value: node.value } as never;
      if (node.type === "link" && PLACEHOLDER_LINK.test(node.url))
        parent.children[index] = { type: "text", value: `<${node.url}>` } as never;
    });
  };
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

/** Links open in a new tab with no referrer and no ranking credit; images become a note naming them; scroll boxes take focus. */
function inertLinksAndImages() {
  return (tree: HastRoot) => {
    visit(tree, "element", (node: Element, index, parent) => {
      // Wide tables and code scroll inside their box; a keyboard must reach them to scroll.
      if (node.tagName === "table" || node.tagName === "pre") {
        node.properties = { ...node.properties, tabIndex: 0 };
        return;
      }
      if (node.tagName === "a") {
        // A link whose URL the sanitizer dropped (javascript: and the like) is only its text.
        if (node.properties?.href === undefined) node.tagName = "span";
        else node.properties = { ...node.properties, rel: ["noopener", "noreferrer", "nofollow"], target: "_blank" };
        return;
      }
      if (node.tagName !== "img" || !parent || index === undefined) return;
      const alt =
        typeof node.properties?.alt === "string" && node.properties.alt !== "" ? node.properties.alt : "image";
      const src = typeof node.properties?.src === "string" ? ` (${node.properties.src})` : "";
      const note: Element = {
        type: "element",
        tagName: "span",
        properties: { className: ["md-image-note"] },
        children: [{ type: "text", value: `[${alt}${src} — not loaded]` }],
      };
      parent.children[index] = note;
    });
  };
}

/** `<image:0>`, left by sources where a medium was, becomes a visible "not shown" mark. */
function mediaPlaceholders() {
  return (tree: HastRoot) => {
    visit(tree, "text", (node, index, parent) => {
      if (!parent || index === undefined || (parent.type === "element" && parent.tagName === "code")) return;
      const parts = node.value.split(new RegExp(MEDIA_PLACEHOLDER_PATTERN.source));
      if (parts.length === 1) return;
      // split() with two capture groups yields text, kind, number, text, …
      const children: ElementContent[] = [];
      for (let at = 0; at < parts.length; at += 3) {
        if (parts[at]) children.push({ type: "text", value: parts[at]! });
        if (at + 2 < parts.length) {
          const label = `[${parts[at + 1]} ${Number(parts[at + 2]) + 1} cannot be shown]`;
          children.push({
            type: "element",
            tagName: "span",
            properties: { className: ["md-media-missing"], title: `<${parts[at + 1]}:${parts[at + 2]}>` },
            children: [{ type: "text", value: label }],
          });
        }
      }
      parent.children.splice(index, 1, ...children);
      return index + children.length;
    });
  };
}

// GitHub's own allow-list; highlight classes are added after it and only name token kinds.
const schema = { ...defaultSchema, clobberPrefix: "md-" };

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkBreaks)
  .use(htmlAsText)
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(inertLinksAndImages)
  .use(mediaPlaceholders)
  .use(rehypeHighlight, { detect: false });

export function markdownTree(text: string): HastRoot {
  return processor.runSync(processor.parse(text)) as HastRoot;
}

/** The text a reader sees once the markdown is rendered (for "did rendering change anything?"). */
export function renderedText(tree: HastRoot): string {
  return tree.children
    .map((child) => (child.type === "element" || child.type === "text" ? textOf(child) : ""))
    .join("");
}
