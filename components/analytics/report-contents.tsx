// The quality report's table of contents: every section in page order, so an
// admin on a long report jumps to the figure they came for.
export type ReportSection = { id: string; title: string };

export function ReportContents({ sections }: { sections: ReportSection[] }) {
  return (
    <nav className="report-contents" aria-label="Report contents">
      <h2 className="report-contents-title">Contents</h2>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
