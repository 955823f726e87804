// JSON Lines: each stored record as it is, one per line.
import { defineExportFormat } from "./format";

export const jsonlFormat = defineExportFormat({
  id: "jsonl",
  label: "JSON Lines (one record per line)",
  mediaType: "application/x-ndjson",
  extension: "jsonl",
  layout: "lines",
  linesBefore: 0,
  encoder: () => ({
    head: () => "",
    page(bodies) {
      // Bodies are written straight into one buffer per page: no page-sized
      // strings for the garbage collector to carry.
      let size = 0;
      for (const body of bodies) size += Buffer.byteLength(body) + 1;
      const bytes = Buffer.allocUnsafe(size);
      let offset = 0;
      for (const body of bodies) {
        offset += bytes.write(body, offset, "utf8");
        bytes[offset++] = 10;
      }
      return bytes.subarray(0, offset);
    },
    tail: () => "",
  }),
});
