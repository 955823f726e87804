// better-auth's own log lines (a failed database call during sign-in, say)
// go through the app's JSON logger: one line each, with the error as a field,
// instead of better-auth's multi-line coloured blocks on stderr.
import "server-only";
import type { Logger as PinoLogger } from "pino";
import { errorField, logger } from "@/lib/observability/logger";

type BetterAuthLevel = "debug" | "info" | "warn" | "error";

export function betterAuthLogger(target: () => PinoLogger = logger) {
  return {
    level: "warn" as const,
    disableColors: true,
    log: (level: BetterAuthLevel, message: string, ...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const extra = args.filter((arg) => !(arg instanceof Error));
      target()[level](
        {
          component: "better-auth",
          ...(error ? { err: errorField(error) } : {}),
          ...(extra.length > 0 ? { details: extra.map((arg) => (typeof arg === "string" ? arg : safeJson(arg))) } : {}),
        },
        message,
      );
    },
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
