// The order the form shows an object's fields in: the uiSchema's ui:order where
// it gives one, else the verbatim schema's property order (rjsf's own rule), so
// a record read back lists its fields (hazards among them) as the rater met them.
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import uiSchema from "@/schemas/aif-eval-form.ui-schema.json";

type Node = { $ref?: string; properties?: Record<string, Node> };
type UiNode = { "ui:order"?: string[]; [key: string]: unknown };

const DEFS = (aifSchema as unknown as { $defs: Record<string, Node> }).$defs;

function resolve(node: Node | undefined): Node | undefined {
  const prefix = "#/$defs/";
  return node?.$ref?.startsWith(prefix) ? DEFS[node.$ref.slice(prefix.length)] : node;
}

/** The field names at `path` (["safety"], ["universal"], …) in form order; [] for a path the schema does not know. */
export function formOrderAt(path: readonly string[]): string[] {
  let node: Node | undefined = aifSchema as unknown as Node;
  let ui: UiNode | undefined = uiSchema as unknown as UiNode;
  for (const key of path) {
    node = resolve(node?.properties?.[key]);
    ui = ui?.[key] as UiNode | undefined;
  }
  const declared = Object.keys(node?.properties ?? {});
  const ordered = (ui?.["ui:order"] ?? []).filter((key) => key !== "*" && declared.includes(key));
  return [...ordered, ...declared.filter((key) => !ordered.includes(key))];
}

/** `entries` sorted in the form's order at `path`; keys the schema does not name keep their place at the end. */
export function inFormOrder<T>(path: readonly string[], entries: [string, T][]): [string, T][] {
  const order = formOrderAt(path);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.index - b.index)
    .map(({ entry }) => entry);
}
