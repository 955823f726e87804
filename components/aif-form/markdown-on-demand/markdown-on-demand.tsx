"use client";
// rjsf renders markdown (markdown-to-jsx, ~30 KiB gzipped) only for opt-in
// markdown descriptions and help, which the AIF uiSchema does not enable, and
// for its own schema-error messages. next.config.js points rjsf's import of
// "markdown-to-jsx/react" here in the browser, so the library loads the first
// time one of those is shown instead of with every form page.
import { lazy, Suspense, type ComponentProps } from "react";

// The package's main entry: the alias covers only "markdown-to-jsx/react".
const RealMarkdown = lazy(() => import("markdown-to-jsx").then((module) => ({ default: module.Markdown })));

type Props = ComponentProps<typeof RealMarkdown>;

export function Markdown(props: Props) {
  // Until the library arrives, the text as it is (it is already readable).
  return (
    <Suspense fallback={<span>{typeof props.children === "string" ? props.children : null}</span>}>
      <RealMarkdown {...props} />
    </Suspense>
  );
}

export default Markdown;
