// The README's tested procedures: the fenced block that follows an HTML
// comment naming the test file, split into its command lines. Tests run these
// lines as they are, so the README cannot drift from what is tested.
import { readFile } from "node:fs/promises";
import path from "node:path";

export async function readmeCommands(
  testFile: string,
  readmePath = path.join(process.cwd(), "README.md"),
): Promise<string[]> {
  const readme = await readFile(readmePath, "utf8");
  const marker = readme.indexOf(`<!-- ${testFile} runs this block verbatim`);
  if (marker < 0) throw new Error(`README.md has no block marked for ${testFile}`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(marker));
  if (!block?.[1]) throw new Error(`no sh block follows the marker for ${testFile}`);
  return block[1]
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}
