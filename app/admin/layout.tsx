// Admin pages are tables and reports: they take the screen's width (a reading
// page keeps the narrow column), so dates and ids stay on one line at 1440 px.
export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return <div className="page-wide">{children}</div>;
}
