"use client";
// The rating page's keys, handled on the window (the fields handle their own:
// scores, confidence, verdicts), and the hand-over of keys typed before the
// page was ready (key-buffer.ts).
import { useEffect, useRef, type RefObject } from "react";
import { focusTextOfStop, leaveText, moveAlongPath } from "@/components/aif-form/dimension-path";
import type { FormCommands } from "@/components/aif-form/form-commands";
import { claimKeys, pauseKeys, releaseKeys } from "./key-buffer";
import { replayKeys } from "./replay-keys";
import { commandActsFor, commandOf, type RatingProfile } from "./rating-shortcuts";
import { judgeStep, moveStep, stepOf, toggleTrace } from "./trace-keys";

type Handlers = {
  commands: RefObject<FormCommands | null>;
  onSkip?: () => void;
  onQuote?: () => void;
  onHelp?: () => void;
  /** `j`: the list of hazards to jump to. */
  onHazard?: () => void;
  /** A share-link visitor's form hides confidence, hazards and evidence: their keys do nothing there. */
  profile?: RatingProfile;
};

export function useFormKeys(formRoot: RefObject<HTMLDivElement | null>, handlers: Handlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandOf(event);
      const root = formRoot.current;
      if (!command || !root || command === "next" || command === "correct") return;
      const { commands, onSkip, onQuote, onHelp, onHazard, profile = "expert" } = latest.current;
      if (!commandActsFor(command, profile)) return;
      const act = (action: (() => void) | undefined) => {
        if (!action) return;
        event.preventDefault();
        action();
      };
      switch (command) {
        case "submit":
          return act(() => {
            // Leaving the field commits its buffered text before the form reads its data.
            (document.activeElement as HTMLElement | null)?.blur();
            // Keys typed from now on are for the screen after the submit ("c", "n"): they wait for it, instead
            // of reaching this form before its submit has even run (input comes before timers).
            const resume = pauseKeys();
            setTimeout(() => {
              const sent = commands.current
                ? commands.current.submit()
                : (root.querySelector("form")?.requestSubmit(), false);
              // Not sent (problems to fix): the keys are this form's again. Once sent, the screen that follows
              // takes them (the form itself again if the server refuses: useClaimedKeyboard(!submitting)).
              if (!sent) replayKeys(resume());
            }, 0);
          });
        case "nextDimension":
        case "previousDimension":
          return act(() => moveAlongPath(root, command === "nextDimension" ? 1 : -1));
        case "allHigh":
          return act(() => commands.current?.allConfidencesHigh());
        case "noHazard":
          return act(() => commands.current?.noHazardViolating());
        case "rationale":
          // A step has no text of its own: r there must not jump into the form's first rationale.
          if (stepOf(event.target)) return;
          return act(() => focusTextOfStop(root));
        case "trace":
          if (toggleTrace(root)) event.preventDefault();
          return;
        case "nextStep":
        case "previousStep":
          return act(() => moveStep(stepOf(event.target)!, command === "nextStep" ? 1 : -1));
        case "stepVerdict":
          if (judgeStep(stepOf(event.target)!, event.key)) event.preventDefault();
          return;
        case "leaveText":
          // Only this form's text: Esc elsewhere keeps its own meaning.
          if (root.contains(event.target as Node)) act(() => leaveText(root));
          return;
        case "hazard":
          return act(onHazard);
        case "skip":
          return act(onSkip);
        case "quote":
          return act(onQuote);
        case "help":
          return act(onHelp);
        default:
          return;
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [formRoot]);
}

/**
 * While `ready`, this screen owns the keyboard: keys typed before are replayed
 * (after `beforeReplay`, which places the focus), and once it lets go keys
 * wait for the next screen.
 */
export function useClaimedKeyboard(ready: boolean, beforeReplay?: () => void): void {
  const before = useRef(beforeReplay);
  useEffect(() => {
    before.current = beforeReplay;
  });
  useEffect(() => {
    if (!ready) return;
    // In a task of its own, outside React's commit, so each replayed key's updates can be flushed before
    // the next (replay-keys.ts); keys typed meanwhile still wait in the buffer, in order.
    let claimed = false;
    const timer = window.setTimeout(() => {
      before.current?.();
      replayKeys(claimKeys());
      claimed = true;
    }, 0);
    return () => {
      window.clearTimeout(timer);
      if (claimed) releaseKeys();
    };
  }, [ready]);
}
