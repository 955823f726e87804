// The drills, in two tiers. Fault injection (the database or the network
// taken away under load, an import cut in the middle) is its own tier:
// `npm run drills`. The security probes are tests of the running app like the
// process tests, and run in that tier (process-tests/security-probes.process.test.ts),
// which saves each result for RELIABILITY.md. The order is the report's.
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

export const FAULT_DRILLS: Drill[] = [faultsDuringLoadDrill, interruptedImportDrill, browserFaultsDrill];
export const SECURITY_DRILLS: Drill[] = [
  badInputDrill,
  hostileContentDrill,
  accessDrill,
  signInDrill,
  suiteIntegrityDrill,
  dependenciesDrill,
];
export const DRILLS: Drill[] = [...FAULT_DRILLS, ...SECURITY_DRILLS];
