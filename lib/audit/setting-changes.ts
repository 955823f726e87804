// What one change to a suite's settings did, as the audit log keeps it: only
// the settings that changed, each as {before, after}, and the pause/archive
// transitions as events of their own. Item suites and pairwise suites write
// the same shape (lib/suites/change-suite.ts, lib/pairwise/suite-settings.ts).

export type SettingChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The settings whose value differs (compared as JSON). `skip`: settings with
 * events of their own (paused, archived). `byLength`: long texts, logged by
 * their length (guidelines can be 20,000 characters).
 */
export function settingChanges<Settings extends object>(
  before: Settings,
  after: Settings,
  options: { skip?: readonly (keyof Settings)[]; byLength?: readonly (keyof Settings)[] } = {},
): SettingChanges {
  const changes: SettingChanges = {};
  for (const key of Object.keys(after) as (keyof Settings & string)[]) {
    if (options.skip?.includes(key)) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changes[key] = options.byLength?.includes(key)
      ? { before: { chars: String(before[key]).length }, after: { chars: String(after[key]).length } }
      : { before: before[key], after: after[key] };
  }
  return changes;
}

export type SuiteStateTransition = {
  event: "paused" | "resumed" | "archived" | "unarchived";
  details: { before: Record<string, boolean>; after: Record<string, boolean> };
};

type SuiteState = { paused: boolean; archived: boolean };

/** The pause and archive events one change makes: none, one or both. */
export function suiteStateTransitions(before: SuiteState, after: SuiteState): SuiteStateTransition[] {
  const transitions: SuiteStateTransition[] = [];
  if (after.paused !== before.paused)
    transitions.push({
      event: after.paused ? "paused" : "resumed",
      details: { before: { paused: before.paused }, after: { paused: after.paused } },
    });
  if (after.archived !== before.archived)
    transitions.push({
      event: after.archived ? "archived" : "unarchived",
      details: { before: { archived: before.archived }, after: { archived: after.archived } },
    });
  return transitions;
}
