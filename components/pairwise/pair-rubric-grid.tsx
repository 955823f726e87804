"use client";
// The universal rubric for both responses in one compact grid: a row per
// dimension (read from the schema), Response 1 and Response 2 side by side
// (stacked on a phone). Each cell is a score, a confidence (the schema's
// default shown) and a rationale that says "required" the moment the companion
// rules make it so. Keys in a cell, outside its text, work as on the rating
// form: 1–5 set the score (Shift also sets High confidence), h/m/l the
// confidence; then focus moves on to the rationale if it is required, else to
// the next cell. Each cell is a stop: Esc in its rationale comes back to its score.
import type { KeyboardEvent } from "react";
import { isTextTarget } from "@/components/aif-form/dimension-path";
import { SegmentedChoice } from "@/components/aif-form/segmented-choice";
import { isRationaleRequired } from "@/lib/aif/contract";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { labelAt } from "@/lib/aif/field-labels";
import type { LikertWithRationale } from "@/lib/aif/types";
import styles from "./pair-rating.module.css";

export type Likert = Partial<LikertWithRationale>;
export type Universal = Record<string, Likert>;

const SCORE_OPTIONS = [1, 2, 3, 4, 5].map((score) => ({ value: score, label: String(score) }));
const CONFIDENCE_OPTIONS = [
  { value: "low" as const, label: "Low" },
  { value: "medium" as const, label: "Medium" },
  { value: "high" as const, label: "High" },
];
const CONFIDENCE_KEYS: Record<string, "low" | "medium" | "high"> = { h: "high", m: "medium", l: "low" };

/** Focuses a radio group where its keys act: the chosen option, else the first. */
export function focusChoice(group: Element | null | undefined, options?: FocusOptions): void {
  const radio =
    group?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ??
    group?.querySelector<HTMLInputElement>('input[type="radio"]');
  radio?.focus(options);
}

type CellProps = {
  dimension: string;
  label: string;
  index: number;
  value: Likert;
  invalidPaths: ReadonlySet<string>;
  onChange: (value: Likert) => void;
};

function RubricCell({ dimension, label, index, value, invalidPaths, onChange }: CellProps) {
  const id = `pair-${index}-${dimension}`;
  const who = `Response ${index + 1}`;
  const required = isRationaleRequired(value);
  const base = `/responses/${index}/universal/${dimension}`;
  const update = (patch: Likert) => {
    const next: Likert = { ...value, ...patch };
    if (next.rationale === "") delete next.rationale;
    onChange(next);
    return next;
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTextTarget(event.target)) return;
    // By code, so Shift+5 ("%" on most layouts) is still a 5.
    const digit = /^(Digit|Numpad)([1-5])$/.exec(event.code)?.[2] ?? (/^[1-5]$/.test(event.key) ? event.key : null);
    const confidence = CONFIDENCE_KEYS[event.key.toLowerCase()];
    if (!digit && !confidence) return;
    event.preventDefault();
    const next = update(
      digit
        ? event.shiftKey
          ? { score: Number(digit), confidence: "high" }
          : { score: Number(digit) }
        : { confidence },
    );
    if (!digit) return;
    const cell = event.currentTarget;
    if (isRationaleRequired(next)) cell.querySelector("textarea")?.focus();
    else {
      const cells = [...document.querySelectorAll("[data-pair-cell]")];
      focusChoice(cells[cells.indexOf(cell) + 1]?.querySelector("[data-score]"));
    }
  };
  return (
    <div
      className={styles.cell}
      data-pair-cell=""
      data-stop="pair-cell"
      onKeyDown={onKey}
      data-testid={`cell-${index + 1}-${dimension}`}
    >
      <span className={styles.cellWho} aria-hidden="true">
        {who}
      </span>
      <div data-score="">
        <SegmentedChoice
          id={`${id}-score`}
          label={`${label}, ${who}: score`}
          options={SCORE_OPTIONS}
          value={value.score}
          onChange={(score) => update({ score })}
          invalid={invalidPaths.has(base) || invalidPaths.has(`${base}/score`)}
        />
      </div>
      <SegmentedChoice
        id={`${id}-confidence`}
        label={`${label}, ${who}: confidence`}
        options={CONFIDENCE_OPTIONS}
        value={value.confidence}
        defaultValue="medium"
        onChange={(confidence) => update({ confidence })}
      />
      <label htmlFor={`${id}-rationale`} className={styles.rationaleLabel}>
        Rationale{required ? " (required)" : ""}
      </label>
      <textarea
        id={`${id}-rationale`}
        className={styles.rationale}
        rows={required ? 2 : 1}
        maxLength={2000}
        value={value.rationale ?? ""}
        aria-invalid={invalidPaths.has(`${base}/rationale`) || undefined}
        onChange={(event) => update({ rationale: event.target.value })}
      />
    </div>
  );
}

type Props = {
  values: readonly [Universal, Universal];
  invalidPaths: ReadonlySet<string>;
  onChange: (index: number, dimension: string, value: Likert) => void;
};

export function PairRubricGrid({ values, invalidPaths, onChange }: Props) {
  return (
    <div className={styles.grid} role="group" aria-labelledby="pair-rubric-title" data-testid="pair-rubric">
      <h2 id="pair-rubric-title" className={styles.gridTitle}>
        {labelAt(["universal"])?.label ?? "Universal rubric"}
      </h2>
      <div className={styles.gridHead} aria-hidden="true">
        <span />
        <span>Response 1</span>
        <span>Response 2</span>
      </div>
      {UNIVERSAL_DIMENSIONS.map((dimension) => {
        const field = labelAt(["universal", dimension]);
        const label = field?.label ?? dimension;
        return (
          <div key={dimension} className={styles.gridRow}>
            <div className={styles.rowLabel}>
              <strong>{label}</strong>
              {field?.help ? <span className={styles.rowHelp}>{field.help}</span> : null}
            </div>
            {values.map((value, index) => (
              <RubricCell
                key={index}
                dimension={dimension}
                label={label}
                index={index}
                value={value[dimension] ?? {}}
                invalidPaths={invalidPaths}
                onChange={(next) => onChange(index, dimension, next)}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}
