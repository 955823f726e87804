// Entry of the `evalform` command (bin/evalform.mjs runs it with tsx).
import { runCli } from "@/lib/cli/main";

process.exitCode = await runCli(process.argv.slice(2), process.env);
