// The rating queue: the next item held for a rater, its versioned draft and
// the submission — for signed-in raters and for share-link visitors alike.
// Every operation is a route contract (app/api/assignments/**,
// app/api/share/**, app/api/suites/[suiteId]/next).
import type { Area } from "../operation";

export const queueArea: Area = {
  tag: {
    name: "Rating queue",
    description: "Raters and SMEs work through the suites they are on: next item (held), draft saves, submit.",
  },
  operations: [],
};

export const visitorsArea: Area = {
  tag: {
    name: "Share-link visitors",
    description:
      "People without an account rate a suite through a share link; their records have rater.type end_user and a random visitor id.",
  },
  operations: [],
};
