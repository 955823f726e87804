// Every drill, in the order `npm run drills` runs them and RELIABILITY.md lists them.
import { browserFaultsDrill } from "./browser/browser-faults.drill";
import type { Drill } from "./support/drill";

export const DRILLS: Drill[] = [
  browserFaultsDrill,
];
