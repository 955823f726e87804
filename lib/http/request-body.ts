// Reading request bodies defensively: JSON bodies are small (a draft is at most
// 512 KiB), must say they are JSON and must be valid UTF-8, so a wrong upload
// is refused with a reason instead of being buffered whole or silently
// "repaired" with U+FFFD. Files (imports) stream; they must be the file itself.
import { Readable } from "node:stream";
import { AppError } from "@/lib/errors";

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * The client hung up before its body arrived whole. Not an outage (its reset
 * looked like one: ECONNRESET): answered 499 and logged at info
 * (error-response.ts), so no client can fake "database unavailable" signals.
 */
export class ClientAbortError extends Error {
  constructor(cause: unknown) {
    super("The client closed the connection before sending the whole request body", { cause });
    this.name = "ClientAbortError";
  }
}

/** A chunk of the body, or ClientAbortError when the client went away mid-body. */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    return await reader.read();
  } catch (error) {
    throw new ClientAbortError(error);
  }
}
/** How much of a refused body is still read (and thrown away), and for how long: see discardRest. */
const DISCARD_MAX_BYTES = 256 * 1024 * 1024;
const DISCARD_MAX_MS = 30_000;

function mediaTypeOf(headers: Headers): string | null {
  const header = headers.get("content-type");
  return header === null ? null : (header.split(";")[0] ?? "").trim().toLowerCase();
}

function unsupported(mediaType: string, expected: string): AppError {
  return new AppError("UNSUPPORTED_MEDIA_TYPE", `This route does not read ${mediaType} bodies: ${expected}`, [
    { path: "/headers/content-type", rule: "mediaType", message: `${mediaType} is not accepted here: ${expected}` },
  ]);
}

/** JSON media types (application/json, application/*+json); a body without a Content-Type is read as JSON too. */
export function assertJsonContentType(headers: Headers): void {
  const mediaType = mediaTypeOf(headers);
  if (mediaType === null || mediaType === "application/json" || /^application\/[\w.-]+\+json$/.test(mediaType)) return;
  throw unsupported(mediaType, "send JSON with Content-Type: application/json");
}

/** The body as text: at most `maxBytes` (413 beyond) and valid UTF-8 (400 otherwise). */
export async function readBodyText(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<string> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await readChunk(reader);
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      void discardRest(reader);
      throw new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${maxBytes} bytes`, [
        { path: "", rule: "maxBytes", message: `a JSON body may hold at most ${maxBytes} bytes` },
      ]);
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new AppError("BAD_REQUEST", "The request body is not valid UTF-8", [
      { path: "", rule: "utf8", message: `byte ${at} is not valid UTF-8 there; send the text encoded as UTF-8` },
    ]);
  }
}

/** Offset of the first byte where decoding fails (decoding prefixes is fine for a body of at most a MiB). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  // The longest prefix that decodes, allowing for a sequence cut at its end (stream: true, never flushed).
  const decodes = (length: number) => {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, length), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (decodes(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

/** An uploaded file as a Node stream: the file itself as the body, not wrapped in a form. */
export function uploadedFile(request: Request): Readable {
  const mediaType = mediaTypeOf(request.headers);
  if (mediaType !== null && FORM_TYPES.has(mediaType)) {
    throw unsupported(
      mediaType,
      "send the file itself as the body (e.g. Content-Type: application/x-ndjson), not a form",
    );
  }
  if (!request.body) throw new AppError("BAD_REQUEST", "Send the file as the request body");
  const reader = request.body.getReader();
  return new Readable({
    read() {
      readChunk(reader).then(
        ({ done, value }) => this.push(done ? null : value),
        (error: unknown) => this.destroy(error as Error),
      );
    },
    // A reader that stops early (a refused line, the size limit) leaves the rest of the upload to be discarded, not cut.
    destroy(error, callback) {
      void discardRest(reader);
      callback(error);
    },
  });
}

/**
 * Reads the rest of a body the handler will not use, so that its answer (413,
 * 422) reaches a client that is still sending: closing a connection with
 * unread data resets it, and the answer is lost with it ("connection reset"
 * instead of "the file is too large"). Bounded in bytes and time; past that,
 * the connection is cut.
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits = { maxBytes: DISCARD_MAX_BYTES, maxMs: DISCARD_MAX_MS },
): Promise<"read to its end" | "cut"> {
  const deadline = Date.now() + limits.maxMs;
  let discarded = 0;
  try {
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0 || discarded > limits.maxBytes) break;
      let timer: NodeJS.Timeout | undefined;
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), left);
        }),
      ]);
      clearTimeout(timer);
      if (next === null) break;
      if (next.done) return "read to its end";
      discarded += next.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to read.
  }
  return "cut";
}
