// A record's chain: what it derives from (oldest first), the record itself,
// and what derives from it (reviews, corrections), each linked.
import Link from "next/link";
import type { ChainLink } from "@/lib/records/chain-link";
import { raterLabel } from "@/lib/records/rater-label";

/** "human · Ada Lovelace": the role, and the person by name (a judge by its id). */
const raterOf = (link: ChainLink) =>
  `${link.raterType} · ${raterLabel({ raterType: link.raterType, raterId: link.raterId, name: link.raterName })}`;

function LinkRow({ link, current }: { link: ChainLink; current?: boolean }) {
  const label = raterOf(link);
  return (
    <li data-testid="chain-link" data-eval-id={link.evalId} aria-current={current ? "true" : undefined}>
      {current ? (
        <strong className="mono">{link.evalId}</strong>
      ) : (
        <Link href={`/records/${link.evalId}`} className="mono">
          {link.evalId}
        </Link>
      )}{" "}
      <span className="badge">{label}</span>{" "}
      <time dateTime={link.createdAt.toISOString()}>{link.createdAt.toISOString().slice(0, 16).replace("T", " ")}</time>
    </li>
  );
}

export function ProvenanceChain({
  current,
  ancestors,
  descendants,
  hidden,
}: {
  current: ChainLink;
  ancestors: ChainLink[];
  descendants: ChainLink[];
  hidden: number;
}) {
  return (
    <section aria-labelledby="chain-title" className="panel">
      <h2 id="chain-title">Provenance</h2>
      <ol className="provenance-chain">
        {ancestors.map((link) => (
          <LinkRow key={link.evalId} link={link} />
        ))}
        <LinkRow link={current} current />
        {descendants.map((link) => (
          <li
            key={link.evalId}
            style={{ marginLeft: `${link.depth * 1.2}rem` }}
            data-testid="chain-link"
            data-eval-id={link.evalId}
          >
            ↳{" "}
            <Link href={`/records/${link.evalId}`} className="mono">
              {link.evalId}
            </Link>{" "}
            <span className="badge">{raterOf(link)}</span>{" "}
            <span className="help-block">
              derives from{" "}
              {link.derivedFrom === current.evalId ? (
                "this record"
              ) : (
                <span className="mono">{link.derivedFrom?.slice(0, 8)}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {hidden > 0 ? (
        <p className="help-block">
          {hidden} more record{hidden === 1 ? "" : "s"} in this chain you may not see.
        </p>
      ) : null}
    </section>
  );
}
