// Bad inputs for drill 4, as bytes: malformed lines, invalid UTF-8, huge and
// deeply nested JSON, prototype keys, unknown fields and error floods.

/** `depth` nested arrays: [[[…]]]. */
export function nestedJson(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

/** A JSON text with `depth` nested objects under `key` of `into` (serialised). */
export function withDeepValue(into: Record<string, unknown>, path: string[], depth: number): string {
  const marker = '"__DEEP__"';
  const copy = structuredClone(into);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[path.at(-1)!] = "__DEEP__";
  return JSON.stringify(copy).replace(marker, '{"a":'.repeat(depth) + "1" + "}".repeat(depth));
}

/** The same object with a raw `"__proto__"` (or any) key spliced in, as JSON.parse sees it on the wire. */
export function withRawKey(value: Record<string, unknown>, key: string, raw: string): string {
  return JSON.stringify(value).replace(/^\{/, `{${JSON.stringify(key)}:${raw},`);
}

/** `count` unknown top-level fields: every one is an error under allErrors. */
export function withUnknownFields(value: Record<string, unknown>, count: number): Record<string, unknown> {
  return { ...value, ...Object.fromEntries(Array.from({ length: count }, (_, index) => [`unknown_${index}`, index])) };
}

export function invalidUtf8Line(valid: string): Buffer {
  // A string value with bytes that are not UTF-8 (a Latin-1 "é" and a stray continuation byte).
  const at = valid.indexOf("Question");
  return Buffer.concat([
    Buffer.from(valid.slice(0, at)),
    Buffer.from([0xe9, 0x80, 0xff]),
    Buffer.from(valid.slice(at)),
  ]);
}

/** One line of `bytes` bytes: a JSON string, never ending in a newline until the end. */
export function hugeLine(bytes: number): Buffer {
  const line = Buffer.alloc(bytes, 0x61);
  line[0] = 0x22;
  line[bytes - 1] = 0x22;
  return line;
}

/** A stream of `bytes` bytes of valid-looking JSONL, made as it is sent (no 100 MB buffer). */
export function bigUpload(bytes: number, line: string): ReadableStream<Uint8Array> {
  const chunk = Buffer.from((line + "\n").repeat(Math.max(1, Math.floor((256 * 1024) / (line.length + 1)))));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
}
