// A yes/no query parameter of the import endpoints (e.g. ?store_valid=1),
// parsed strictly: a value other than 1/true/0/false is refused with a 422
// naming the parameter, never read as "no" (?store_valid=1 once meant false).
import { AppError } from "@/lib/errors";

export const BOOLEAN_FLAG_VALUES = ["1", "true", "0", "false"] as const;

/** Absent is `fallback`; 1/true and 0/false are the answers; anything else throws INVALID_INPUT (422). */
export function booleanParam(params: URLSearchParams, name: string, fallback = false): boolean {
  const value = params.get(name);
  if (value === null) return fallback;
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  throw new AppError("INVALID_INPUT", `The query parameter ${name} must be true or false`, [
    {
      path: `/${name}`,
      rule: "boolean",
      message: `must be one of ${BOOLEAN_FLAG_VALUES.join(", ")}, not ${JSON.stringify(value)}`,
    },
  ]);
}
