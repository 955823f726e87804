// Upload size limit, enforced while the bytes stream in.
import { Transform } from "node:stream";
import { AppError } from "@/lib/errors";

/** Counts bytes as they pass and stops the stream past the configured limit. */
export function byteLimit(maxBytes: number, onBytes: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      onBytes(total);
      if (total > maxBytes) {
        callback(
          new AppError(
            "PAYLOAD_TOO_LARGE",
            `The file is larger than the limit of ${maxBytes} bytes (EVALFORM_MAX_UPLOAD_BYTES); nothing was stored`,
            [
              {
                path: "",
                rule: "maxBytes",
                message: `the upload passed ${maxBytes} bytes (EVALFORM_MAX_UPLOAD_BYTES); split the file or raise the limit`,
              },
            ],
          ),
        );
      } else callback(null, chunk);
    },
  });
}
