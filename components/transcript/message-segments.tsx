// A message's content segments: text as item text, media through MediaSegment.
import type { TranscriptMessage } from "@/lib/items/types";
import type { TextPart } from "./anchor-attributes";
import { MediaSegment } from "./media-segment";
import { TextBlock } from "./text-block";

type Props = { message: TranscriptMessage; messageIndex: number; part: TextPart };

export function MessageSegments({ message, messageIndex, part }: Props) {
  return message.content.map((segment, index) =>
    segment.type === "text" ? (
      <TextBlock key={index} text={segment.text} part={part} segmentIndex={index} />
    ) : (
      <MediaSegment
        key={index}
        segment={segment}
        label={`${segment.type} ${index + 1} of message ${messageIndex + 1}`}
      />
    ),
  );
}
