// Alerts (admin): the integrity flags standing now, each with its evidence and
// a way to dismiss it with a reason (audited).
import type { Metadata } from "next";
import Link from "next/link";
import { requirePageActor } from "@/lib/auth/page-guard";
import { integrityFlags, type FlagKind } from "@/lib/raters/integrity-flags";
import { DismissFlagForm } from "./dismiss-flag-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Alerts" };

const KIND_LABELS: Record<FlagKind, string> = {
  too_fast: "Too fast for the items' length",
  straight_lining: "Straight-lining",
  position_bias: "Position preference in pairs",
  broken_for_all: "Every rater skipped it as broken",
};

export default async function AlertsPage() {
  const actor = await requirePageActor({ returnTo: "/admin/alerts", action: "users.manage" });
  const flags = await integrityFlags({ actor });
  return (
    <>
      <h1>Alerts</h1>
      <p className="help-block">
        Signals that ratings may not be real judgments, computed from the stored work: each names its evidence. Dismiss
        one you have checked, with the reason (audited); the same flag on new evidence shows again. See also{" "}
        <Link href="/admin/raters">Raters</Link>.
      </p>
      {flags.length === 0 ? (
        <p className="panel">No alerts stand now.</p>
      ) : (
        <ul className="alert-list">
          {flags.map((flag) => {
            const who = flag.subject.kind === "person" ? flag.subject.name : `item ${flag.subject.taskId}`;
            const label = `${KIND_LABELS[flag.kind]}: ${who} in ${flag.suite.name}`;
            return (
              <li key={flag.key} className="panel" data-flag-kind={flag.kind}>
                <h2 className="alert-title">{label}</h2>
                <p>{flag.evidence}.</p>
                {flag.subject.kind === "person" ? (
                  <p>
                    <Link
                      href={`/records?rater_id=${encodeURIComponent(flag.subject.id)}&suite_id=${encodeURIComponent(flag.suite.key)}`}
                    >
                      Their records in {flag.suite.name}
                    </Link>
                  </p>
                ) : null}
                <DismissFlagForm flagKey={flag.key} evidenceKey={flag.evidenceKey} label={label} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
