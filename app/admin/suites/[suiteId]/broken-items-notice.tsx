// The suite page's flag for items every rater skipped as broken: they are kept
// from share links (lib/queues/queries.ts brokenForEveryRater) until the admin
// looks at them, so each one links to its item page.
type Props = { suiteId: string; items: { itemId: string; taskId: string }[] };

export function BrokenItemsNotice({ suiteId, items }: Props) {
  if (items.length === 0) return null;
  return (
    <div className="notice notice-warning" role="status" data-testid="broken-items">
      <p>
        {items.length} {items.length === 1 ? "item" : "items"} flagged: skipped as broken by every rater. Share-link
        visitors are not given {items.length === 1 ? "it" : "them"}.
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.itemId}>
            <a href={`/admin/suites/${suiteId}/items/${item.itemId}`}>
              <code>{item.taskId}</code>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
