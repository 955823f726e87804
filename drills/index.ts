// Every drill, in the order `npm run drills` runs them and RELIABILITY.md lists them.
import type { Drill } from "./support/drill";
import { accessDrill } from "./security/access.drill";
import { dependenciesDrill } from "./security/dependencies.drill";
import { hostileContentDrill } from "./security/hostile-content.drill";

export const DRILLS: Drill[] = [
  hostileContentDrill,
  accessDrill,
  dependenciesDrill,
];
