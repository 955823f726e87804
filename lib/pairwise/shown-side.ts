// Which side a pair's first system is shown on, for a rater's pair and an
// SME's pair review alike.
import { randomInt } from "node:crypto";

/**
 * Whether the pair's first system (the alphabetically first, often the
 * baseline) is shown as Response 1: a fresh bit from the operating system's
 * CSPRNG for every claim, a rater's pair or an SME's pair review alike, so no
 * earlier pair tells anything about the next one. A rule that depends on the
 * previous side (alternating, or a balanced block a rater can count down)
 * lets a rater who recognises one system once know its side in every later
 * pair. Position bias is still measured: it is the sidecar's shown_position,
 * balanced on average over raters and pairs.
 */
export function drawShownLeft(): boolean {
  return randomInt(2) === 1;
}
