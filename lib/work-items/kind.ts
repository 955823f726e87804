// What the work-item engine needs to know about one kind of work item (a
// rater's assignment, an SME's review task, later adjudications and pairwise
// comparisons): its table, its columns and statuses, and what to tell the
// person when their draft or submit no longer applies. A kind is a constant:
// its names go into SQL as identifiers, never anything a request sent.

export type WorkItemKind<Status extends string = string> = {
  table: string;
  /** The table of the suite the row's suite_id names (its hold_seconds extend a saved draft's hold); "suite" when left out. */
  suiteTable?: string;
  /** The primary key column (uuid). */
  idColumn: string;
  /** The status that means "being worked": the only one a draft can be saved in. */
  workingStatus: Status;
  /** The status a submit moves it to, with the result's id stored in `resultColumn` and the time in `doneAtColumn`. */
  doneStatus: Status;
  resultColumn: string;
  doneAtColumn: string;
  /** Every status of the kind (its list in lib/statuses.ts). */
  statuses: readonly Status[];
  /** Why a draft could not be saved, for a status other than the working one. */
  draftClosedMessage: Partial<Record<Status, string>>;
  /** Why a submit is refused, for a closed status other than done (e.g. skipped). */
  submitClosedMessage: Partial<Record<Status, string>>;
  /** The conflict message when another tab or device saved first. */
  staleDraftMessage: (currentVersion: number, baseVersion: string) => string;
  /** NOT_FOUND message: the item is not the caller's (or does not exist). */
  notFoundMessage: string;
};
