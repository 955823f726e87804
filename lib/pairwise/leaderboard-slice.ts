// A slice of a pairwise leaderboard: the pairs of one modality or one item tag,
// as the quality report slices its records (lib/analytics/report-slice.ts).
// There is no system-under-test slice: the systems are the leaderboard's rows.
// A pair's slice facts are those of its two items (the two systems' responses
// to one task): it is in a slice when either item is, so a tag carried by one
// system's import only still slices the task. Client-safe: the page, the API,
// the sidecar and the CLI share it.
import { AppError } from "@/lib/errors";

export type LeaderboardSlice = {
  readonly modality?: string;
  /** An item tag, as "key=value". */
  readonly tag?: string;
};

/** The slice as the API answers it: null where not sliced. */
export type LeaderboardSliceJson = { modality: string | null; tag: string | null };

export const isSliced = (slice: LeaderboardSlice): boolean => slice.modality !== undefined || slice.tag !== undefined;

export const sliceJson = (slice: LeaderboardSlice): LeaderboardSliceJson => ({
  modality: slice.modality ?? null,
  tag: slice.tag ?? null,
});

/** From URL parameters; an empty parameter (a cleared form field) is no slice. */
export function leaderboardSliceOf(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): LeaderboardSlice {
  const get = (name: string) => {
    const value = params instanceof URLSearchParams ? params.get(name) : params[name];
    const text = Array.isArray(value) ? value[0] : value;
    return text ? text : undefined;
  };
  return { modality: get("modality"), tag: get("tag") };
}

/** The slice's URL parameters, for links and downloads that keep it. */
export function sliceSearchParams(slice: LeaderboardSlice): URLSearchParams {
  const query = new URLSearchParams();
  if (slice.modality) query.set("modality", slice.modality);
  if (slice.tag) query.set("tag", slice.tag);
  return query;
}

/** A tag slice's key and value; a tag that is not key=value is refused, naming the field. */
export function tagOf(slice: LeaderboardSlice): { key: string; value: string } | null {
  if (slice.tag === undefined) return null;
  const [key, ...value] = slice.tag.split("=");
  if (!key || value.length === 0)
    throw new AppError("INVALID_INPUT", "The slice is not valid", [
      { path: "/tag", rule: "format", message: "a tag slice is key=value" },
    ]);
  return { key, value: value.join("=") };
}

/** Whether a pair with these facts (its items' modalities and key=value tags) is in the slice. */
export function pairInSlice(
  slice: LeaderboardSlice,
  facts: { modalities: readonly string[]; tags: readonly string[] },
): boolean {
  if (slice.modality !== undefined && !facts.modalities.includes(slice.modality)) return false;
  if (slice.tag !== undefined && !facts.tags.includes(slice.tag)) return false;
  return true;
}

/** A short label for headings and file names: "modality chat, tag lang=de", or "" unsliced. */
export function sliceLabel(slice: LeaderboardSlice): string {
  return [slice.modality && `modality ${slice.modality}`, slice.tag && `tag ${slice.tag}`].filter(Boolean).join(", ");
}
