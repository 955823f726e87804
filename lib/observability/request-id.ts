// The id that ties a request's log lines together: the caller's X-Request-Id
// when it is a sane token (a proxy or client may already have one), else new.
export const REQUEST_ID_HEADER = "x-request-id";

// Header-safe and bounded: the id is echoed in a response header and logged.
const VALID_REQUEST_ID = /^[A-Za-z0-9._:+=/-]{1,128}$/;

export function isValidRequestId(value: string | null | undefined): value is string {
  return typeof value === "string" && VALID_REQUEST_ID.test(value);
}

export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return isValidRequestId(incoming) ? incoming : crypto.randomUUID();
}
