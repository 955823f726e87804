// Adjudication: items whose ratings disagree under the suite's rule, settled
// by an adjudicator as an authoritative record. Every operation is a route
// contract (app/api/adjudications/**, app/api/suites/{suiteId}/adjudication*).
import type { Area } from "../operation";

export const adjudicationArea: Area = {
  tag: {
    name: "Adjudication",
    description:
      "Item statuses under the suite's adjudication rule, the adjudication queue (worst disagreement first, held like the rating queue), and the authoritative record (rater.type sme, derived_from the closest source) with its sidecar.",
  },
  operations: [],
};
