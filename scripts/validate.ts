// `npm run validate -- [--json] FILE...`: checks AIF records in JSON (one object
// or an array) or JSONL files with the server's validator (contract + rules).
// Exit 0 all valid, 1 some record invalid, 2 a file unreadable or unparsable.
import { runValidateCommand } from "@/lib/aif/validate-files";

const code = await runValidateCommand(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
