// The registry imports every route file written with defineRoute, and each of
// those files exports only methods with a contract.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { routeContracts } from "./route-contracts";
import { definedRouteFiles, registrySource } from "./route-registry-source";

it("imports every route file written with defineRoute (else: npm run routes:registry)", () => {
  const written = readFileSync(path.join(import.meta.dirname, "route-registry.ts"), "utf8");
  expect(written, "run npm run routes:registry").toBe(registrySource());
  expect(definedRouteFiles().length).toBeGreaterThan(0);
});

it("reads one contract per exported method, at the path of its file", () => {
  const contracts = routeContracts();
  const files = new Set(
    definedRouteFiles().map((file) => `/${file.replace(/^app\//, "").replace(/\/route\.ts$/, "")}`),
  );
  for (const contract of contracts)
    expect(files, `${contract.method} ${contract.path}`).toContain(contract.path.replace(/\{([^}]+)\}/g, "[$1]"));
  const keys = contracts.map((contract) => `${contract.method} ${contract.path}`);
  expect(new Set(keys).size).toBe(keys.length);
});

it("refuses a module whose exported method is not its contract's", () => {
  const contract = { method: "GET", path: "/api/x" };
  expect(() => routeContracts([{ POST: Object.assign(() => null, { contract }) }])).toThrow(
    /exported as POST, declared as GET/,
  );
});
