// The rating queue: the next item held for a rater, its versioned draft and
// the submission — for signed-in raters and for share-link visitors alike.
import { arrayOf, bool, dateTime, int, nullable, num, object, oneOf, ref, str, uuid } from "../json-schema";
import { SKIP_REASON_LABELS, SKIP_REASONS } from "@/lib/queues/skip-reasons";
import { jsonAnswer, jsonBody, type Area, type OperationSpec } from "../operation";

const schemas = {
  NextItem: oneOf(
    object({ assignment_id: uuid(), resumed: bool("true when it is an item you already held") }),
    object({ assignment_id: { type: "null" }, reason: { type: "string", enum: ["finished", "busy"] } }),
  ),
  Assignment: object({
    id: uuid(), suite: object({ id: uuid(), key: str(), name: str() }), item_id: uuid("the suite item's id"), item: ref("NativeItem"),
    status: { type: "string", enum: ["held", "submitted", "skipped"] }, held_until: dateTime(),
    draft: nullable({ type: "object" }), draft_version: int(), draft_saved_at: nullable(dateTime()), eval_id: nullable(uuid()),
  }),
  DraftSave: object({
    base_version: int("the version the draft was based on; a newer saved version answers 409"),
    draft: { type: "object", description: "the form as it stands (any JSON object up to 512 KiB)" },
  }),
  SavedDraft: object({ version: int(), saved_at: dateTime() }),
  DraftSubmit: object({ draft: { type: "object", description: "the filled form; task and subject come from the item, the rater block from the caller" } }),
  Skip: object({
    reason: { type: "string", enum: [...SKIP_REASONS], description: Object.entries(SKIP_REASON_LABELS).map(([reason, label]) => `${reason}: ${label}`).join("; ") },
    comment: { type: "string", maxLength: 1000, description: "required with reason other" },
  }, { optional: ["comment"] }),
  Skipped: object({ skipped: bool() }),
  Correction: object({ eval_id: uuid(), derived_from: uuid("your latest rating of the item, which this one corrects") }),
  SubmittedAssignment: object({
    eval_id: uuid(), already_submitted: bool(),
    calibration: arrayOf(object({ dimension: str(), expected: num(), given: num(), error: num() }), "for a gold item: your scores against the expected ones"),
  }),
};

const submitted = { 201: jsonAnswer("Stored as a record.", ref("SubmittedAssignment")), 200: jsonAnswer("Submitted before: the same eval_id.", ref("SubmittedAssignment")) };
const saved = { 200: jsonAnswer("Saved.", ref("SavedDraft")) };

const raterOperations: OperationSpec[] = [
  { method: "post", path: "/api/suites/{suiteId}/next", id: "nextItem", access: "queue.work", summary: "Your next item of a suite, held for you", responses: { 200: jsonAnswer("An assignment, or why there is none.", ref("NextItem")) }, errors: [404] },
  { method: "get", path: "/api/assignments/{assignmentId}", id: "getAssignment", access: "queue.work", summary: "Your assignment with its item and draft", responses: { 200: jsonAnswer("The assignment.", ref("Assignment")) }, errors: [404] },
  { method: "put", path: "/api/assignments/{assignmentId}/draft", id: "saveDraft", access: "queue.work", summary: "Save the draft", body: jsonBody(ref("DraftSave")), responses: saved, errors: [400, 404, 409, 413, 422] },
  { method: "post", path: "/api/assignments/{assignmentId}/submit", id: "submitAssignment", access: "queue.work", summary: "Submit the assignment as a record", body: jsonBody(ref("DraftSubmit")), responses: submitted, errors: [400, 404, 409, 422] },
  { method: "post", path: "/api/assignments/{assignmentId}/skip", id: "skipAssignment", access: "queue.work", summary: "Skip the held item with a reason (it goes back to the queue for others)", body: jsonBody(ref("Skip")), responses: { 200: jsonAnswer("Skipped (a repeat answers the same).", ref("Skipped")) }, errors: [400, 404, 409, 422] },
  { method: "post", path: "/api/assignments/{assignmentId}/correction", id: "correctAssignment", access: "queue.work", summary: "Correct the item you submitted: a new record derived from your latest rating of it", body: jsonBody(ref("DraftSubmit")), responses: { 201: jsonAnswer("Stored as a new record.", ref("Correction")) }, errors: [400, 404, 409, 422] },
];

const visitorNote = "Public: the share link's token is the credential. The first call sets the visitor cookie (evalform_visitor), which the other calls need.";

const visitorOperations: OperationSpec[] = [
  { method: "post", path: "/api/share/{token}/next", id: "nextSharedItem", access: "public", summary: "A visitor's next item", description: visitorNote, responses: { 200: jsonAnswer("An assignment, or why there is none (sets the visitor cookie on first use).", ref("NextItem")) }, errors: [404, 429] },
  { method: "put", path: "/api/share/{token}/assignments/{assignmentId}/draft", id: "saveSharedDraft", access: "public", summary: "Save a visitor's draft", description: visitorNote, body: jsonBody(ref("DraftSave")), responses: saved, errors: [400, 404, 409, 413, 422] },
  { method: "post", path: "/api/share/{token}/assignments/{assignmentId}/skip", id: "skipSharedAssignment", access: "public", summary: "A visitor skips the held item with a reason", description: visitorNote, body: jsonBody(ref("Skip")), responses: { 200: jsonAnswer("Skipped.", ref("Skipped")) }, errors: [400, 404, 409, 422, 429] },
  { method: "post", path: "/api/share/{token}/assignments/{assignmentId}/submit", id: "submitSharedAssignment", access: "public", summary: "Submit a visitor's rating (rater.type end_user)", description: visitorNote, body: jsonBody(ref("DraftSubmit")), responses: submitted, errors: [400, 404, 409, 422, 429] },
];

export const queueArea: Area = {
  tag: { name: "Rating queue", description: "Raters and SMEs work through the suites they are on: next item (held), draft saves, submit." },
  schemas,
  operations: raterOperations,
};

export const visitorsArea: Area = {
  tag: { name: "Share-link visitors", description: "People without an account rate a suite through a share link; their records have rater.type end_user and a random visitor id." },
  operations: visitorOperations,
};
