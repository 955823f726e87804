"use client";
// A page on a rating path that shows no form (an adjudication item the
// adjudicator does not hold): it takes the keyboard at once, so the key buffer
// holds nothing back from its links and buttons.
import { useClaimedKeyboard } from "./use-form-keys";

export function ClaimKeyboard(): null {
  useClaimedKeyboard(true);
  return null;
}
