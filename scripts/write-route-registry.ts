// npm run routes:registry: rewrites lib/api-docs/route-registry.ts from the route files.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { registrySource } from "@/lib/api-docs/route-registry-source";

writeFileSync(path.join(import.meta.dirname, "..", "lib", "api-docs", "route-registry.ts"), registrySource());
