// Suites: created from imports, their progress, share links, quality report
// and review summary (admin). Every operation is a route contract
// (app/api/suites/**, app/api/share-links/**); the area names the tag.
import type { Area } from "../operation";

export const suitesArea: Area = {
  tag: {
    name: "Suites",
    description: "Items gathered for rating with an overlap k, a gold share, a hold time and a list of raters.",
  },
  operations: [],
};
