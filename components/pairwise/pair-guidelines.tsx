// The pairwise suite's guidelines above the pair's form: the item rating
// page's panel (g shows or hides it), its markdown rendered on the server as
// item text is. Nothing when the suite has none.
import { MarkdownText } from "@/components/markdown/markdown-text";
import { GuidelinesPanel } from "@/components/rating/guidelines-panel";

export function PairGuidelines({ text }: { text: string }) {
  if (text.trim() === "") return null;
  return (
    <GuidelinesPanel>
      <MarkdownText text={text} />
    </GuidelinesPanel>
  );
}
