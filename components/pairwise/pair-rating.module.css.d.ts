// The class names of pair-rating.module.css, typed so a typo fails `tsc`.
declare const styles: {
  readonly cell: string;
  readonly cellWho: string;
  readonly form: string;
  readonly grid: string;
  readonly gridHead: string;
  readonly gridRow: string;
  readonly gridTitle: string;
  readonly pair: string;
  readonly pairRationale: string;
  readonly rationale: string;
  readonly rationaleLabel: string;
  readonly response: string;
  readonly responseTitle: string;
  readonly responses: string;
  readonly rest: string;
  readonly rowHelp: string;
  readonly rowLabel: string;
  readonly verdict: string;
};
export default styles;
