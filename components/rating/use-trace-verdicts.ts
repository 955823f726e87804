"use client";
// The rating form lends an agent run's steps its tool-call verdicts: the steps
// show the form's rows and change them through the form's own patch (one
// source of state; components/transcript/trace-verdicts.ts).
import { useCallback, useEffect, useRef, type RefObject } from "react";
import type { FormCommands } from "@/components/aif-form/form-commands";
import { attachTraceForm, publishVerdicts } from "@/components/transcript/trace-verdicts";
import { toolCallVerdicts, withToolCallVerdict } from "@/lib/aif/tool-call-verdicts";

/** Returns what the form calls with each change of its data. `enabled` false: the steps show no verdicts. */
export function useTraceVerdicts(
  commands: RefObject<FormCommands | null>,
  initialDraft: Record<string, unknown>,
  enabled: boolean,
  toolNames: readonly string[],
): (draft: Record<string, unknown>) => void {
  const initial = useRef(initialDraft);
  // Read when a step is judged, so a new array from a re-render does not attach the form again.
  const names = useRef(toolNames);
  useEffect(() => {
    names.current = toolNames;
  });
  useEffect(() => {
    if (!enabled) return;
    return attachTraceForm(toolCallVerdicts(initial.current), (index, tool, change) =>
      commands.current?.patch((draft) => withToolCallVerdict(draft, index, tool, change, names.current)),
    );
  }, [commands, enabled]);
  return useCallback((draft) => publishVerdicts(toolCallVerdicts(draft)), []);
}
