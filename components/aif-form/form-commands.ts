// Whole-form changes the rating page makes on the form from one key or button
// (the patches themselves are lib/aif/keyboard-patches.ts).
export type FormCommands = {
  allConfidencesHigh: () => void;
  noHazardViolating: () => void;
  /** Replace the form's data with a changed copy (prefilled values, a judge's value). */
  patch: (change: (data: Record<string, unknown>) => Record<string, unknown>) => void;
  /**
   * Validate and submit the form's current data, as its submit button does but
   * without rjsf's submit handling, which re-renders the whole form before the
   * rating is even sent (Ctrl+Enter uses this). Ignored while a submit is saving.
   * True when the rating was handed on to be sent; false when it was not (problems shown, or already saving).
   */
  submit: () => boolean;
};
