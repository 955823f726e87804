// Says, above the item, that it refers to media the page cannot show, instead
// of leaving a bare `<image:0>` for the rater to puzzle over.
import type { Item } from "@/lib/items/types";
import { describeMissing, missingMedia } from "@/lib/items/missing-media";

/** `plain`: for a share-link visitor, who needs what to do, not why the viewer refused a URL. */
export function MissingMediaNotice({ item, plain = false }: { item: Item; plain?: boolean }) {
  const missing = missingMedia(item);
  if (missing.length === 0) return null;
  if (plain)
    return (
      <div role="note" className="notice notice-warning" data-missing-media={missing.length}>
        <strong>This item had {describeMissing(missing)} that cannot be shown here.</strong> Rate what you can see.
      </div>
    );
  const reasons = [...new Set(missing.map((media) => media.why))];
  return (
    <div role="note" className="notice notice-warning" data-missing-media={missing.length}>
      <strong>This item had {describeMissing(missing)} that cannot be shown.</strong> {reasons.slice(0, 2).join("; ")}
      {reasons.length > 2 ? "; …" : ""}. Rate what you can see, and say in a note if the missing media mattered.
    </div>
  );
}
