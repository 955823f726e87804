// A supervisor of its own for the embedded-server tests: starts the embedded
// PostgreSQL for the data folder given, prints `{"pid":…}` once it is ready and
// waits. A test kills this process with SIGKILL to leave what a killed app
// leaves: its server still running (in its own process group) and an owner
// file naming a process that is gone.
import { startEmbeddedPostgres } from "@/lib/embedded-db/embedded-postgres";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: embedded-supervisor DATA_DIR");
const server = await startEmbeddedPostgres({ dataDir, log: () => undefined });
console.log(JSON.stringify({ pid: server.pid() }));
setInterval(() => undefined, 60_000);
