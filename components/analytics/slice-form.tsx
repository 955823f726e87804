// Slices a report by system under test, modality or item tag. A plain GET
// form: the slice is in the URL, so a sliced report can be shared.
type Props = {
  slice: { systemUnderTest?: string; modality?: string; tag?: string; level?: "ordinal" | "interval" };
  options: { systemsUnderTest: string[]; modalities: string[]; tags: string[] };
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
  value?: string;
  values: string[];
}) {
  return (
    <label htmlFor={id}>
      {label}{" "}
      <select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">all</option>
        {values.map((entry) => (
          <option key={entry} value={entry}>
            {entry}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SliceForm({ slice, options }: Props) {
  return (
    <form method="get" className="inline-form" aria-label="Slice the report">
      <Choice
        id="slice-sut"
        name="system_under_test"
        label="System under test"
        value={slice.systemUnderTest}
        values={options.systemsUnderTest}
      />
      <Choice id="slice-modality" name="modality" label="Modality" value={slice.modality} values={options.modalities} />
      <Choice id="slice-tag" name="tag" label="Item tag" value={slice.tag} values={options.tags} />
      <label htmlFor="slice-level">
        Likert α{" "}
        <select id="slice-level" name="level" defaultValue={slice.level ?? ""}>
          <option value="">ordinal</option>
          <option value="interval">interval</option>
        </select>
      </label>
      <button type="submit" className="btn">
        Show this slice
      </button>
    </form>
  );
}
