// Every drill, in the order `npm run drills` runs them and RELIABILITY.md lists them.
import { browserFaultsDrill } from "./browser/browser-faults.drill";
import type { Drill } from "./support/drill";
import { faultsDuringLoadDrill } from "./faults/faults-during-load.drill";
import { interruptedImportDrill } from "./faults/interrupted-import.drill";

export const DRILLS: Drill[] = [
  faultsDuringLoadDrill,
  interruptedImportDrill,
  browserFaultsDrill,
];
