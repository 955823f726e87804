// Text PostgreSQL cannot store: a NUL character (text and jsonb refuse U+0000)
// and an unpaired UTF-16 surrogate (not a Unicode scalar value). JSON can
// spell both (\u0000, \uD800), so every JSON input — request bodies and each
// line of an import — is checked here once, and the refusal names the field.
import type { ValidationIssue } from "@/lib/aif/types";
import { tooDeepAt, tooDeepMessage } from "@/lib/json-depth";

const pointerOf = (path: string, key: string) => `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null when it can. */
export function unstorableReason(text: string): string | null {
  if (text.includes("\u0000")) return "holds a NUL character (\\u0000), which cannot be stored";
  if (LONE_SURROGATE.test(text))
    return "holds an unpaired UTF-16 surrogate (e.g. \\uD800 alone), which is not a Unicode character";
  return null;
}

/** The first string (value or key) in a parsed JSON value that cannot be stored, as an issue at its JSON Pointer. */
export function unstorableTextIssue(value: unknown, path = ""): ValidationIssue | null {
  if (typeof value === "string") {
    const reason = unstorableReason(value);
    return reason ? { path, rule: "storableText", message: reason } : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const issue = unstorableTextIssue(value[index], `${path}/${index}`);
      if (issue) return issue;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const keyReason = unstorableReason(key);
      if (keyReason)
        return { path: pointerOf(path, key), rule: "storableText", message: `the field name ${keyReason}` };
      const issue = unstorableTextIssue(child, pointerOf(path, key));
      if (issue) return issue;
    }
  }
  return null;
}

// A parsed string can hold a NUL or a surrogate only where the JSON text spells
// one as an escape (\u0000, \uD800–\uDFFF) or holds a surrogate itself (a raw
// NUL is not valid JSON). Most text has neither and skips the walk over every
// string of the value — on an import, that walk was a fifth of the CPU per line.
const MAY_HOLD_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])|[\uD800-\uDFFF]/;

/**
 * The first number in a parsed JSON value that is not finite, as an issue at
 * its JSON Pointer. JSON.parse reads a number too large for a double (1e400)
 * as Infinity, which no store keeps: JSON.stringify writes it as null,
 * PostgreSQL's jsonb refuses it.
 */
export function nonFiniteNumberIssue(value: unknown, path = ""): ValidationIssue | null {
  if (typeof value === "number")
    return Number.isFinite(value)
      ? null
      : {
          path,
          rule: "finiteNumber",
          message: "is a number too large to be stored (beyond ±1.8e308, it reads as infinity); send a finite number",
        };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const issue = nonFiniteNumberIssue(value[index], `${path}/${index}`);
      if (issue) return issue;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const issue = nonFiniteNumberIssue(child, pointerOf(path, key));
      if (issue) return issue;
    }
  }
  return null;
}

// A number reads as infinity only when it is at least 1.8e308: an exponent of
// three digits or more, or, with an exponent of two digits at most, 210 digits
// or more before the point. Text with neither skips the walk.
const MAY_HOLD_NON_FINITE = /[eE]\+?\d{3}|\d{210}/;

/**
 * A check of values parsed from `text`: the first string that cannot be
 * stored or number that is not finite. Text that can hold neither skips the walk.
 */
export function storableValueCheck(text: string): (value: unknown) => ValidationIssue | null {
  const mayHoldText = MAY_HOLD_UNSTORABLE.test(text);
  const mayHoldNumber = MAY_HOLD_NON_FINITE.test(text);
  return (value) =>
    (mayHoldText ? unstorableTextIssue(value) : null) ?? (mayHoldNumber ? nonFiniteNumberIssue(value) : null);
}

/**
 * JSON text as a value the app can store, or the issue that refuses it
 * (nesting depth, syntax, unstorable text, a number that is not finite).
 * `checkText: false` leaves the last two to the caller (storableValueCheck).
 */
export function parseJsonText(
  text: string,
  options: { checkText?: boolean } = {},
): { ok: true; value: unknown } | { ok: false; issue: ValidationIssue } {
  const deepAt = tooDeepAt(text);
  if (deepAt !== null) return { ok: false, issue: { path: "", rule: "maxDepth", message: tooDeepMessage(deepAt) } };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, issue: { path: "", rule: "json", message: `not valid JSON: ${(error as Error).message}` } };
  }
  const issue = options.checkText === false ? null : storableValueCheck(text)(value);
  return issue ? { ok: false, issue } : { ok: true, value };
}

/** The first query parameter (name or value) that cannot be stored, as an issue on `/name`. */
export function unstorableQueryIssue(params: URLSearchParams): ValidationIssue | null {
  for (const [name, value] of params) {
    const reason = unstorableReason(name) ?? unstorableReason(value);
    if (reason) return { path: pointerOf("", name), rule: "storableText", message: `the query parameter ${reason}` };
  }
  return null;
}
