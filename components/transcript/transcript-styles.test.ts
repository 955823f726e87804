import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const here = import.meta.dirname;
const read = (file: string) => readFileSync(path.join(here, file), "utf8");

describe("transcript.module.css typings", () => {
  it("declare exactly the classes the stylesheet defines", () => {
    const css = read("transcript.module.css").replace(/\/\*[\s\S]*?\*\//g, "");
    const defined = new Set([...css.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((match) => match[1]));
    const declared = new Set(
      [...read("transcript.module.css.d.ts").matchAll(/readonly (\w+): string/g)].map((match) => match[1]),
    );
    expect([...declared].sort()).toEqual([...defined].sort());
  });
});
