// The boundary rule on real files: a client module that reaches server-only
// code through another module is refused with the chain; types may cross.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as typescriptParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module without type declarations
import plugin from "./server-only-boundary.mjs";

const folder = mkdtempSync(path.join(tmpdir(), "boundary-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(
  path.join(folder, "database.ts"),
  'import "server-only";\nexport const query = () => 1;\nexport type Row = { id: string };\n',
);
writeFileSync(
  path.join(folder, "service.ts"),
  'import { query } from "./database";\nexport const rows = () => query();\nexport type View = { id: string };\n',
);
writeFileSync(path.join(folder, "pure.ts"), "export const add = (a: number, b: number) => a + b;\n");

function lint(source: string): string[] {
  const linter = new Linter({ configType: "flat", cwd: folder });
  const filename = path.join(folder, "client.tsx");
  writeFileSync(filename, source);
  const messages = linter.verify(
    source,
    [
      {
        files: ["**/*.tsx"],
        languageOptions: { parser: typescriptParser },
        plugins: { evalform: plugin },
        rules: { "evalform/server-only-boundary": "error" },
      },
    ],
    filename,
  );
  return messages.map((message) => `${message.line}: ${message.message}`);
}

describe("server-only boundary", () => {
  it("refuses a client module that reaches server-only code through another module, naming the chain", () => {
    const messages = lint(
      '"use client";\nimport { add } from "./pure";\nimport { rows } from "./service";\nexport const x = add(1, rows());\n',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^3: A client module imports server-only code: .*client\.tsx → .*service\.ts → .*database\.ts/,
    );
  });

  it("refuses importing the marker itself and dynamic imports of server modules", () => {
    expect(lint('"use client";\nimport "server-only";\n')).toHaveLength(1);
    expect(lint('"use client";\nexport const load = () => import("./database");\n')).toHaveLength(1);
  });

  it("lets type-only imports cross, in both spellings", () => {
    expect(
      lint(
        '"use client";\nimport type { View } from "./service";\nimport { type Row } from "./database";\nexport const v: View | Row | null = null;\n',
      ),
    ).toEqual([]);
  });

  it('leaves server components (no "use client") alone', () => {
    expect(lint('import { rows } from "./service";\nexport const x = rows();\n')).toEqual([]);
  });

  it("refuses a value import mixed with type imports", () => {
    expect(
      lint('"use client";\nimport { type View, rows } from "./service";\nexport const x: View | number = rows();\n'),
    ).toHaveLength(1);
  });
});
