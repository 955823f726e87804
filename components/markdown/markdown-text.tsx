// Item text rendered as markdown on the server: the HTML tree becomes React
// elements (no dangerouslySetInnerHTML), so no script or handler can reach the
// page. When rendering changed what the text says (markup, entities, links),
// the source stays one click away, exactly as imported.
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import type { ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { isLongText } from "./long-text";
import { markdownTree, renderedText } from "./markdown-tree";
import styles from "./markdown.module.css";
import "./highlight.css";

type Props = {
  text: string;
  /** Attributes that tag the rendered block (where a quoted selection came from). */
  blockProps?: Record<string, string | number | undefined>;
};

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

export function MarkdownText({ text, blockProps }: Props) {
  const tree = markdownTree(text);
  const rendered: ReactNode = toJsxRuntime(tree, { Fragment, jsx, jsxs });
  const changed = squash(renderedText(tree)) !== squash(text);
  const long = isLongText(text);
  return (
    <div className={long ? `${styles.block} ${styles.long}` : styles.block}>
      <div className={styles.markdown} {...blockProps}>
        {rendered}
      </div>
      {long ? (
        // Native disclosure: no script, and the whole text is in the page for find and selection.
        <details className={styles.expand} data-show-all="">
          <summary>
            <span className={styles.more}>
              Show all ({long.lines.toLocaleString("en-US")} lines, {text.length.toLocaleString("en-US")} characters)
            </span>
            <span className={styles.less}>Show less</span>
          </summary>
        </details>
      ) : null}
      {changed ? (
        <details className={styles.source}>
          <summary>Source</summary>
          <pre className={styles.sourceText}>{text}</pre>
        </details>
      ) : null}
    </div>
  );
}
