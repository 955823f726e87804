"use client";
// Evidence from a selection: the rater selects text in the item, presses `e`,
// and the quote lands in the evidence field they last focused (a hazard's
// evidence, a RAG unsupported claim, an agent assertion's evidence). Each
// quote remembers where it came from so it can be shown again.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  anchorOfSelection,
  describeAnchor,
  findAnchorElement,
  revealAnchorElement,
  type SelectionAnchor,
} from "@/components/transcript/selection-anchor";

export type EvidenceQuote = { fieldId: string; anchor: SelectionAnchor; source: string };

const EVIDENCE_FIELD = /(_evidence|_unsupported_claims_\d+)$/;

function setFieldText(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  // React tracks the value through the prototype's setter; an input event makes the field see the change.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, text);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

export function useEvidenceQuotes(storageKey: string) {
  const target = useRef<string | null>(null);
  const [quotes, setQuotes] = useState<EvidenceQuote[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(storageKey);
      // localStorage exists only after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (stored) setQuotes(JSON.parse(stored) as EvidenceQuote[]);
    } catch {
      // No stored quotes.
    }
    const onFocus = (event: FocusEvent) => {
      const element = event.target;
      if (
        (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) &&
        EVIDENCE_FIELD.test(element.id)
      )
        target.current = element.id;
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, [storageKey]);

  const quoteSelection = useCallback(
    (itemRoot: Element | null) => {
      const selection = window.getSelection();
      const anchor = selection && itemRoot ? anchorOfSelection(selection, itemRoot) : null;
      if (!anchor) return setMessage("Select text in the item first, then press e.");
      const field = target.current ? document.getElementById(target.current) : null;
      if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) {
        return setMessage(
          "Click into an evidence field (a hazard's evidence, an unsupported claim or an assertion's evidence) first.",
        );
      }
      const current = field.value.trim();
      setFieldText(field, current === "" ? anchor.quote : `${current}\n${anchor.quote}`);
      field.focus();
      const quote: EvidenceQuote = { fieldId: field.id, anchor, source: describeAnchor(anchor) };
      setQuotes((previous) => {
        const next = [...previous, quote];
        try {
          window.localStorage.setItem(storageKey, JSON.stringify(next));
        } catch {
          /* kept in memory */
        }
        return next;
      });
      setMessage(`Quoted from ${quote.source}.`);
    },
    [storageKey],
  );

  const showSource = useCallback((itemRoot: Element | null, quote: EvidenceQuote) => {
    const element = itemRoot ? findAnchorElement(itemRoot, quote.anchor) : null;
    if (!element) return;
    revealAnchorElement(element);
    element.scrollIntoView({ block: "center" });
    element.classList.add("quote-source-highlight");
    setTimeout(() => element.classList.remove("quote-source-highlight"), 2500);
  }, []);

  const forget = useCallback(() => {
    try {
      window.localStorage.removeItem(storageKey);
    } catch {
      /* nothing stored */
    }
  }, [storageKey]);

  return { quotes, message, quoteSelection, showSource, forget };
}
