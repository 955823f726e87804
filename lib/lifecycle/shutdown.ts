// What this process does on SIGTERM (and SIGINT). Next.js 16's `next start`
// already stops accepting connections (server.close), waits for the requests
// in flight, then exits (with 143 for SIGTERM); we add to that: mark the
// process as draining and say so in the log. Nothing here ends the process:
// in-flight submissions finish on the open database pool first.
import "server-only";
import { logger } from "@/lib/observability/logger";
import { beginDraining, requestsInFlight } from "./draining";

export function installShutdownHandlers(): void {
  const onSignal = (signal: NodeJS.Signals) => {
    beginDraining();
    logger().info(
      { signal, in_flight: requestsInFlight() },
      "draining: refusing new requests, finishing those in flight",
    );
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  process.once("exit", (code) => logger().info({ code, in_flight: requestsInFlight() }, "stopped"));
}
