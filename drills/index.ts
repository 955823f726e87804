// Every drill, in the order `npm run drills` runs them and RELIABILITY.md lists them.
import { browserFaultsDrill } from "./browser/browser-faults.drill";
import { faultsDuringLoadDrill } from "./faults/faults-during-load.drill";
import { interruptedImportDrill } from "./faults/interrupted-import.drill";
import { accessDrill } from "./security/access.drill";
import { badInputDrill } from "./security/bad-input.drill";
import { dependenciesDrill } from "./security/dependencies.drill";
import { hostileContentDrill } from "./security/hostile-content.drill";
import { signInDrill } from "./security/sign-in.drill";
import { suiteIntegrityDrill } from "./security/suite-integrity.drill";
import type { Drill } from "./support/drill";

export const DRILLS: Drill[] = [
  faultsDuringLoadDrill,
  interruptedImportDrill,
  browserFaultsDrill,
  badInputDrill,
  hostileContentDrill,
  accessDrill,
  signInDrill,
  suiteIntegrityDrill,
  dependenciesDrill,
];
