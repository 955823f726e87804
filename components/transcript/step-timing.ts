// A tool step's time, where the source records it: the result's own duration,
// else the time from the call's message to its result's (both timestamped).
// Offsets count from the transcript's first timestamp.
import type { Transcript } from "@/lib/items/types";
import type { ToolStep } from "./trace-steps";

export type StepTiming = { durationMs: number | null; startMs: number | null };

function timeOf(stamp: string | undefined): number | null {
  if (stamp === undefined) return null;
  const at = Date.parse(stamp);
  return Number.isNaN(at) ? null : at;
}

export function stepTiming(step: ToolStep, transcript: Transcript): StepTiming {
  const messages = transcript.messages;
  const first = messages.map((message) => timeOf(message.timestamp)).find((at) => at !== null) ?? null;
  const calledAt = timeOf(messages[step.callMessage]?.timestamp);
  const result = step.result === null ? undefined : messages[step.result];
  const answeredAt = timeOf(result?.timestamp);
  const durationMs =
    typeof result?.duration_ms === "number"
      ? result.duration_ms
      : calledAt !== null && answeredAt !== null && answeredAt >= calledAt
        ? answeredAt - calledAt
        : null;
  return { durationMs, startMs: first !== null && calledAt !== null ? calledAt - first : null };
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** "took 1.2 s, at +0:14", or null when the source has no times. */
export function timingLabel({ durationMs, startMs }: StepTiming): string | null {
  const parts: string[] = [];
  if (durationMs !== null) parts.push(`took ${formatDuration(durationMs)}`);
  if (startMs !== null && startMs >= 0) {
    const seconds = Math.round(startMs / 1000);
    parts.push(`at +${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`);
  }
  return parts.length > 0 ? parts.join(", ") : null;
}
