// The one expected-error type: its message and issues reach the user as they
// are; any other error is logged and shown as a generic message.
import type { ValidationIssue } from "@/lib/aif/types";

export type AppErrorCode =
  | "INVALID_RECORD"
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "BAD_REQUEST"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNAVAILABLE";

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly issues: ValidationIssue[] = [],
    /** Extra facts the client acts on (a draft conflict's current version and draft), sent as `error.details`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const HTTP_STATUS_OF: Record<AppErrorCode, number> = {
  INVALID_RECORD: 422,
  INVALID_INPUT: 422,
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAVAILABLE: 503,
};
