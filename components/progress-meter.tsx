// A labelled progress bar with its figures as text (screen readers get both).
export function ProgressMeter({
  label,
  value,
  max,
  detail,
}: {
  label: string;
  value: number;
  max: number | null;
  detail?: string;
}) {
  return (
    <div className="progress-meter">
      <span className="progress-label">{label}</span>
      <progress value={max === null ? undefined : value} max={max ?? undefined} aria-label={label} />
      {detail ? <span className="progress-detail">{detail}</span> : null}
    </div>
  );
}
