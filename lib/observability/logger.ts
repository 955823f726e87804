// The process's structured logger: one JSON object per line on stdout, each
// line written while serving a request carrying that request's id. Logs never
// carry secrets, tokens, cookies or record bodies: callers log ids and counts,
// and the paths below are censored should one slip into a logged object.
import pino, { type DestinationStream, type Level, type Logger } from "pino";
import { getEnv } from "@/lib/env";
import { currentRequestContext } from "./request-context";

const REDACTED_PATHS = [
  "authorization",
  "cookie",
  "password",
  "token",
  "secret",
  "apiKey",
  "body",
  "draft",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.token",
  "*.secret",
  "*.apiKey",
  "*.body",
  "*.draft",
  "headers.authorization",
  "headers.cookie",
  '*.headers["set-cookie"]',
];

const globalForLogger = globalThis as unknown as { evalformLogger?: Logger };

export function logger(): Logger {
  globalForLogger.evalformLogger ??= createLogger(getEnv().EVALFORM_LOG_LEVEL);
  return globalForLogger.evalformLogger;
}

/** A logger with the app's format; logger() is the process's, on stdout. */
export function createLogger(level: Level | "silent", destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "evalform", pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // "level":"error" reads better in a log search than pino's numbers.
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const context = currentRequestContext();
        if (!context) return {};
        return {
          request_id: context.requestId,
          route: context.route,
          ...(context.userId ? { user_id: context.userId } : {}),
        };
      },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination,
  );
}

/** An error as a log field: its type, message and stack, without its enumerable extras (which may hold query arguments). */
export function errorField(error: unknown): { type: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  return { type: error.name, message: error.message, stack: error.stack };
}
