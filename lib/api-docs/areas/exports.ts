// Exports: records streamed as JSON Lines or JSON with a manifest (counts and
// hashes) and the review-decision sidecar of the hybrid records they hold.
// Every operation is a route contract (app/api/exports/**).
import type { Area } from "../operation";

export const exportsArea: Area = {
  tag: {
    name: "Exports",
    description:
      "Records out of the app: streamed from a database cursor, each export with a manifest of counts and hashes.",
  },
  operations: [],
};
