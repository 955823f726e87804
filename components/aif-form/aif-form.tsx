"use client";
// The AIF Eval Form v1, rendered by rjsf from the verbatim schema and the
// uiSchema. Validation runs through lib/aif (the same compiled rules as the
// server) on submit, and again on every committed change once a submit failed.
// The Form module, not the package index: the index also exports getTestRegistry,
// whose default Ajv validator drags Ajv's compiler and ajv-formats into the page
// (kept as side effects even though nothing calls them).
import Form, { type IChangeEvent } from "@rjsf/core/lib/components/Form.js";
import type { UiSchema } from "@rjsf/utils";
import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from "react";
import { applicableExtensions, EXTENSION_SECTIONS, type ExtensionSection } from "@/lib/aif/extensions";
import { prepareDraft } from "@/lib/aif/prepare-draft";
import { withSafetyRollup } from "@/lib/aif/safety-rollup";
import { withAllConfidencesHigh, withNoHazardViolating } from "@/lib/aif/keyboard-patches";
import type { AifDraft, ValidationIssue } from "@/lib/aif/types";
import { validateDraft } from "@/lib/aif/validate-draft";
import { withFieldLabels } from "@/lib/aif/field-labels";
import baseUiSchema from "@/schemas/aif-eval-form.ui-schema.json";
import { ErrorSummary } from "./error-summary/error-summary";
import { ID_PREFIX, toErrorSchema } from "./error-schema";
import { PrefillFieldTemplate, type PrefillContext } from "./prefill-mark/prefill-field-template";
import type { FormCommands } from "./form-commands";
import { aifFields, aifWidgets } from "./theme";
import { FORM_SCHEMA } from "./form-schema";
import { rjsfValidator } from "./validator";

// Titles, rater help and option names from the labels map (lib/aif/field-labels).
const LABELLED_UI_SCHEMA = withFieldLabels(baseUiSchema);

const DEFAULT_STATE_BEHAVIOR = { emptyObjectFields: "populateRequiredDefaults" } as const;

function uiSchemaFor(visible: Set<ExtensionSection>, hidden: readonly string[]): UiSchema {
  const uiSchema: UiSchema = { ...LABELLED_UI_SCHEMA };
  for (const section of [...EXTENSION_SECTIONS.filter((section) => !visible.has(section)), ...hidden]) {
    uiSchema[section] = { "ui:field": "omitted" };
  }
  return uiSchema;
}

const NO_SECTIONS: readonly string[] = [];

type Props = {
  initialDraft?: Record<string, unknown>;
  /** Issues the server reported for the last submit. */
  serverIssues?: ValidationIssue[];
  submitting?: boolean;
  submitLabel?: string;
  onSubmit: (draft: AifDraft) => void;
  /** Every committed change of the form's data (for autosave). */
  onDraftChange?: (formData: Record<string, unknown>) => void;
  /** Top-level sections filled from elsewhere (the item's task and subject) and not shown. */
  hiddenSections?: readonly string[];
  /** A judge's values to mark beside each field (SME review). */
  prefill?: Record<string, unknown>;
  /** Filled with the form's whole-form commands (the rating page's keys call them). */
  commandsRef?: MutableRefObject<FormCommands | null>;
  children?: ReactNode;
  /** False when the form is one part of a larger page that submits it (a pair's per-response form). */
  showSubmit?: boolean;
  /** The fields' id prefix, when one page holds more than one form (ids must stay unique). */
  idPrefix?: string;
};

/** What the custom fields read from rjsf's formContext. */
export type AifFormContext = { commands: FormCommands; raterType?: string };

const PREFILL_TEMPLATES = { FieldTemplate: PrefillFieldTemplate };

export function AifForm({
  initialDraft,
  serverIssues = [],
  submitting = false,
  submitLabel = "Submit rating",
  onSubmit,
  onDraftChange,
  hiddenSections = NO_SECTIONS,
  prefill,
  commandsRef,
  children,
  showSubmit = true,
  idPrefix = ID_PREFIX,
}: Props) {
  const [formData, setFormData] = useState<Record<string, unknown>>(() => withSafetyRollup(initialDraft ?? {}));
  // The latest data for whole-form commands, which may run between renders.
  const formDataRef = useRef(formData);
  const [localIssues, setLocalIssues] = useState<ValidationIssue[] | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Marks the form as hydrated (interactive): tests and benchmarks wait on it.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => rootRef.current?.setAttribute("data-hydrated", "true"), []);

  const visible = applicableExtensions(formData);
  const visibleKey = [...visible].sort().join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the visible set, not its identity
  const uiSchema = useMemo(() => uiSchemaFor(visible, hiddenSections), [visibleKey, hiddenSections]);
  const onDraftChangeRef = useRef(onDraftChange);
  const onSubmitRef = useRef(onSubmit);
  const submittingRef = useRef(submitting);
  useEffect(() => {
    onDraftChangeRef.current = onDraftChange;
    onSubmitRef.current = onSubmit;
    submittingRef.current = submitting;
  });

  // Each failed submit moves the focus to the summary once it is on the page: in an effect after the commit
  // that shows it, not at the next frame, which came before that commit when Ctrl+Enter submitted outside a
  // React event (the focus was left on <body>).
  const [summaryFocus, setSummaryFocus] = useState(0);
  useEffect(() => {
    if (summaryFocus > 0) summaryRef.current?.focus();
  }, [summaryFocus]);

  // Submits when the data is valid; otherwise shows why, with the focus on the summary.
  const submitData = useCallback((data: Record<string, unknown>): boolean => {
    const draft = prepareDraft(data);
    const found = validateDraft(draft);
    setLocalIssues(found);
    if (found.length > 0) {
      setSummaryFocus((previous) => previous + 1);
      return false;
    }
    onSubmitRef.current(draft);
    return true;
  }, []);

  const commands = useMemo<FormCommands>(() => {
    const patch = (change: (data: Record<string, unknown>) => Record<string, unknown>) => {
      const next = withSafetyRollup(change(formDataRef.current));
      formDataRef.current = next;
      setFormData(next);
      onDraftChangeRef.current?.(next);
      setLocalIssues((previous) => (previous === null ? null : validateDraft(prepareDraft(next))));
    };
    return {
      patch,
      allConfidencesHigh: () => patch(withAllConfidencesHigh),
      noHazardViolating: () => patch(withNoHazardViolating),
      submit: () => !submittingRef.current && submitData(formDataRef.current),
    };
  }, [submitData]);
  useEffect(() => {
    if (!commandsRef) return;
    commandsRef.current = commands;
    return () => {
      commandsRef.current = null;
    };
  }, [commands, commandsRef]);

  // The rater type picks the profile's rules (a share-link visitor owes no rationale); it never changes in a form.
  const raterType = (formData.rater as { type?: string } | undefined)?.type;
  const formContext = useMemo<PrefillContext & AifFormContext>(
    () => ({ prefill, commands, raterType }),
    [prefill, commands, raterType],
  );
  const issues = localIssues && localIssues.length > 0 ? localIssues : serverIssues;
  const extraErrors = useMemo(() => (issues.length > 0 ? toErrorSchema(issues) : undefined), [issues]);

  const handleChange = useCallback((event: IChangeEvent<Record<string, unknown>>) => {
    const next = withSafetyRollup(event.formData ?? {});
    formDataRef.current = next;
    setFormData(next);
    onDraftChangeRef.current?.(next);
    // Once a submit has failed, errors disappear as the rater fixes them.
    setLocalIssues((previous) => (previous === null ? null : validateDraft(prepareDraft(next))));
  }, []);

  const handleSubmit = useCallback(
    (event: IChangeEvent<Record<string, unknown>>) => void submitData(event.formData ?? {}),
    [submitData],
  );

  return (
    <div className="aif-form" ref={rootRef}>
      <ErrorSummary issues={issues} ref={summaryRef} />
      <Form
        schema={FORM_SCHEMA}
        uiSchema={uiSchema}
        formData={formData}
        validator={rjsfValidator}
        fields={aifFields}
        widgets={aifWidgets}
        templates={prefill ? PREFILL_TEMPLATES : undefined}
        formContext={formContext}
        idPrefix={idPrefix}
        noValidate
        noHtml5Validate
        showErrorList={false}
        extraErrors={extraErrors}
        experimental_defaultFormStateBehavior={DEFAULT_STATE_BEHAVIOR}
        onChange={handleChange}
        onSubmit={handleSubmit}
        disabled={submitting}
      >
        {showSubmit ? (
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? "Saving…" : submitLabel}
            </button>
            {children}
          </div>
        ) : (
          // rjsf renders its own submit button when given no children.
          <>{children}</>
        )}
      </Form>
    </div>
  );
}
