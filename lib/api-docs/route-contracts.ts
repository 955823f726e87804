// The contracts of the routes written with defineRoute, read from the route
// modules the registry imports; an exported method must be the contract's.
import type { RouteContract } from "@/lib/http/route-contract";
import { ROUTE_MODULES } from "./route-registry";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export function routeContracts(modules: readonly Record<string, unknown>[] = ROUTE_MODULES): RouteContract[] {
  return modules.flatMap((module) =>
    METHODS.flatMap((method) => {
      const contract = (module[method] as { contract?: RouteContract } | undefined)?.contract;
      if (!contract) return [];
      if (contract.method !== method)
        throw new Error(`${contract.path}: exported as ${method}, declared as ${contract.method}`);
      return [contract];
    }),
  );
}
