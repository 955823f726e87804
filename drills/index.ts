// Every drill, in the order `npm run drills` runs them and RELIABILITY.md lists them.
import type { Drill } from "./support/drill";
import { accessDrill } from "./security/access.drill";
import { badInputDrill } from "./security/bad-input.drill";
import { dependenciesDrill } from "./security/dependencies.drill";
import { hostileContentDrill } from "./security/hostile-content.drill";

export const DRILLS: Drill[] = [
  badInputDrill,
  hostileContentDrill,
  accessDrill,
  dependenciesDrill,
];
