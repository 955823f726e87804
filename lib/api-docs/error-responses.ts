// The error shape of every route (lib/http/error-response.ts), defined once,
// and one reusable response per status, generated from lib/errors' table.
import { HTTP_STATUS_OF, type AppErrorCode } from "@/lib/errors";
import { arrayOf, object, ref, str, type JsonSchema } from "./json-schema";

const RESPONSE_NAMES: Record<number, { name: string; description: string }> = {
  400: {
    name: "BadRequest",
    description: "The request cannot be read (e.g. the body is not JSON, a cursor is not valid).",
  },
  401: { name: "Unauthenticated", description: "No valid session cookie or API token." },
  403: { name: "Forbidden", description: "Your roles lack the permission this route needs." },
  404: {
    name: "NotFound",
    description: "No such object — or it is not yours: another user's object answers 404, not 403.",
  },
  409: { name: "Conflict", description: "The object's state does not allow this now (e.g. a newer draft was saved)." },
  413: {
    name: "PayloadTooLarge",
    description: "The body is larger than EVALFORM_MAX_UPLOAD_BYTES; nothing was stored.",
  },
  415: {
    name: "UnsupportedMediaType",
    description:
      "The Content-Type is not one this route reads (JSON bodies: application/json; files: the file itself, not a form). Nothing was stored.",
  },
  422: {
    name: "Unprocessable",
    description: "The input breaks a rule; each issue names its field (JSON Pointer) and rule. Nothing was stored.",
  },
  429: { name: "TooManyRequests", description: "A rate limit was reached; try again later." },
  503: {
    name: "Unavailable",
    description:
      "The database could not be reached, the server is shutting down, or it is busy with this kind of work (e.g. too many exports at once); try again shortly. A write answered 503 (or whose connection dropped) may have been stored: retry it with the same Idempotency-Key.",
  },
};

export const ERROR_STATUSES = [...new Set(Object.values(HTTP_STATUS_OF))].sort((a, b) => a - b);

export function errorSchemas(): Record<string, JsonSchema> {
  return {
    ValidationIssue: object(
      {
        path: str('JSON Pointer to the field ("" for the whole body)'),
        rule: str("the companion rule's name or the JSON Schema keyword that failed"),
        message: str("what to do, in words a user can act on"),
      },
      { description: "One reason an input is not valid." },
    ),
    Error: object(
      {
        error: object({
          code: str("stable machine-readable code", { enum: [...Object.keys(HTTP_STATUS_OF), "INTERNAL"] }),
          message: str("for people; shown to the user as it is"),
        }),
        errors: arrayOf(ref("ValidationIssue"), "every issue found (absent on 500)"),
      },
      {
        optional: ["errors"],
        description:
          "Every error response. Codes map to statuses as lib/errors says; anything unexpected is a 500 with code INTERNAL.",
      },
    ),
  };
}

function codesOf(status: number): AppErrorCode[] {
  return (Object.keys(HTTP_STATUS_OF) as AppErrorCode[]).filter((code) => HTTP_STATUS_OF[code] === status);
}

/** components.responses: one per error status, naming the codes it carries. */
export function errorResponses(): Record<string, JsonSchema> {
  return Object.fromEntries(
    ERROR_STATUSES.map((status) => {
      const named = RESPONSE_NAMES[status];
      if (!named) throw new Error(`lib/errors maps a code to ${status}, which has no error response here`);
      return [
        named.name,
        {
          description: `${named.description} Codes: ${codesOf(status).join(", ")}.`,
          content: { "application/json": { schema: ref("Error") } },
        },
      ];
    }),
  );
}

export function errorResponseRef(status: number): JsonSchema {
  const named = RESPONSE_NAMES[status];
  if (!named || !ERROR_STATUSES.includes(status)) throw new Error(`no error response for ${status}`);
  return { $ref: `#/components/responses/${named.name}` };
}
