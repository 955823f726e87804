// Slices a pairwise leaderboard by modality or item tag. A plain GET form, so
// the slice is in the URL and a sliced leaderboard can be shared; the rater
// choice rides along as a hidden field. Presentational.
type Props = {
  slice: { modality: string | null; tag: string | null };
  options: { modalities: string[]; tags: string[] };
  raters: string;
  /** The unsliced leaderboard (same raters), shown as a link while a slice is chosen. */
  clearHref: string | null;
};

function Choice({
  id,
  name,
  label,
  value,
  values,
}: {
  id: string;
  name: string;
  label: string;
  value: string | null;
  values: string[];
}) {
  // A value in the URL that the suite no longer has stays choosable, so the form shows what is counted.
  const choices = value !== null && !values.includes(value) ? [...values, value] : values;
  return (
    <label htmlFor={id}>
      {label}{" "}
      <select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">all</option>
        {choices.map((entry) => (
          <option key={entry} value={entry}>
            {entry}
          </option>
        ))}
      </select>
    </label>
  );
}

export function LeaderboardSliceForm({ slice, options, raters, clearHref }: Props) {
  return (
    <form method="get" className="inline-form" aria-label="Slice the leaderboard">
      {raters === "all" ? null : <input type="hidden" name="raters" value={raters} />}
      <Choice id="slice-modality" name="modality" label="Modality" value={slice.modality} values={options.modalities} />
      <Choice id="slice-tag" name="tag" label="Item tag" value={slice.tag} values={options.tags} />
      <button type="submit" className="btn">
        Show this slice
      </button>
      {clearHref ? (
        <a href={clearHref} className="btn btn-link">
          Whole suite
        </a>
      ) : null}
    </form>
  );
}
