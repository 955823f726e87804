// The class names of markdown.module.css, typed so a typo fails `tsc` (a test keeps the two in step).
declare const styles: {
  readonly block: string;
  readonly expand: string;
  readonly less: string;
  readonly long: string;
  readonly markdown: string;
  readonly more: string;
  readonly source: string;
  readonly sourceText: string;
};
export default styles;
