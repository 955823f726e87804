// One JSON array: "[", each stored record on its own line separated by ",", "]".
import { defineExportFormat } from "./format";

export const jsonFormat = defineExportFormat({
  id: "json",
  label: "JSON array",
  mediaType: "application/json",
  extension: "json",
  layout: "array",
  linesBefore: 1,
  encoder: () => ({
    head: () => "[\n",
    page(bodies, before) {
      let size = 0;
      for (const body of bodies) size += Buffer.byteLength(body) + 2;
      const bytes = Buffer.allocUnsafe(size);
      let offset = 0;
      bodies.forEach((body, index) => {
        if (before + index > 0) offset += bytes.write(",\n", offset, "latin1");
        offset += bytes.write(body, offset, "utf8");
      });
      return bytes.subarray(0, offset);
    },
    tail: (count) => (count === 0 ? "]\n" : "\n]\n"),
  }),
});
