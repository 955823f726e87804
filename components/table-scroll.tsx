// A table too wide for a phone scrolls inside its own box. The box is a named,
// focusable region so a keyboard user can scroll it too (axe:
// scrollable-region-focusable). Its name says it is the table, so it never repeats the
// name of the section around it (axe: landmark-unique).
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={`${label} (table)`}>
      {children}
    </div>
  );
}
