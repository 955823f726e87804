// lm-evaluation-harness `--log_samples` lines (lm_eval/evaluator.py: doc_id,
// doc, target, arguments, resps, filtered_resps, filter, metrics, doc_hash,
// prompt_hash, target_hash, then each metric's value under its own key) →
// items. A line names neither the task (it is in the file name,
// samples_<task>_<time>.jsonl) nor the model, so both come from the import's
// system under test and the doc's hash. Generation tasks: the prompt is the
// request's context and the answer the filtered response. Multiple-choice
// (loglikelihood) tasks: one request per choice; the choices become options
// and the answer the choice with the highest log-likelihood. Sources:
// lib/imports/fixtures/README.md.
import type { Item } from "@/lib/items/types";
import { isPlainObject } from "@/lib/is-plain-object";
import { LineLog, scalarTags, type LineResult } from "./line-result";

/** A request's arguments: a list [context, continuation|gen_kwargs], or (older logs) {arg_0, arg_1}. */
function requestArgs(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (isPlainObject(value) && "arg_0" in value) return [value.arg_0, value.arg_1];
  return null;
}

function argumentList(value: unknown): unknown[][] | null {
  // Files hold {"gen_args_0": {"arg_0": …, "arg_1": …}, …} (lm_eval/loggers/evaluation_tracker.py);
  // a list of [context, …] is the evaluator's in-memory shape, read too.
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort((a, b) => Number(a.replace(/\D/g, "")) - Number(b.replace(/\D/g, "")));
    value = keys.map((key) => value && (value as Record<string, unknown>)[key]);
  }
  if (!Array.isArray(value)) return null;
  const list = value.map(requestArgs);
  return list.every((args): args is unknown[] => args !== null) ? list : null;
}

/** A loglikelihood response: [logprob, is_greedy] or the logprob alone; files hold them as strings (sanitize_list). */
function logLikelihood(value: unknown): number | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === "number") return first;
  if (typeof first === "string" && first.trim() !== "" && Number.isFinite(Number(first))) return Number(first);
  return null;
}

export function parseLmEvalSample(record: unknown, line: number, options: { systemUnderTest?: string }): LineResult {
  const log = new LineLog(line);
  if (!isPlainObject(record)) {
    log.error("", "type", "each line must be a JSON object (an lm-eval logged sample)");
    return log.result(null);
  }
  if (typeof record.doc_id !== "number" && typeof record.doc_id !== "string")
    log.error("/doc_id", "required", "doc_id is required");
  if (!isPlainObject(record.doc)) log.error("/doc", "required", "doc (the dataset row) is required");
  const args = argumentList(record.arguments);
  if (!args || args.length === 0)
    log.error("/arguments", "required", "arguments must list each request's [context, continuation or gen_kwargs]");
  const filtered = Array.isArray(record.filtered_resps) ? record.filtered_resps : null;
  if (!filtered || (args && filtered.length !== args.length))
    log.error("/filtered_resps", "required", "filtered_resps must hold one response per request in arguments");
  const model = options.systemUnderTest;
  if (!model)
    log.error("", "required", "lm-eval lines do not name the model: give the system under test with the import");
  if (log.errors.length > 0 || !args || !filtered || !model) return log.result(null);

  const context = args[0]![0];
  if (typeof context !== "string") {
    log.error("/arguments/0/0", "type", "the request's context must be text");
    return log.result(null);
  }
  const multipleChoice = args.length > 1 && args.every((request) => typeof request[1] === "string");
  let answer: string;
  let options_: { id: string; content: string }[] | undefined;
  if (multipleChoice) {
    const scores = filtered.map(logLikelihood);
    if (scores.some((score) => score === null)) {
      log.error("/filtered_resps", "type", "a multiple-choice response must be [log-likelihood, is_greedy]");
      return log.result(null);
    }
    const best = scores.indexOf(Math.max(...(scores as number[])));
    options_ = args.map((request, index) => ({
      id: String.fromCharCode(65 + index),
      content: (request[1] as string).trim(),
    }));
    answer = `${options_[best]!.id}. ${options_[best]!.content}`;
    log.note("/filtered_resps", `multiple choice: the answer is the choice with the highest log-likelihood (${best})`);
  } else {
    const response = Array.isArray(filtered[0]) ? filtered[0][0] : filtered[0];
    // A single request whose continuation is a string was scored, not generated (loglikelihood).
    if (typeof response !== "string" || typeof args[0]![1] === "string") {
      const score = logLikelihood(filtered[0]);
      if (score === null) {
        log.error("/filtered_resps/0", "type", "the response must be generated text or a log-likelihood");
        return log.result(null);
      }
      // A single loglikelihood request (e.g. perplexity): the continuation is what was scored.
      answer = typeof args[0]![1] === "string" ? (args[0]![1] as string) : "";
      log.note("/filtered_resps/0", `a log-likelihood (${score}), not generated text; the continuation is shown`);
    } else answer = response;
  }
  const metricNames = Array.isArray(record.metrics)
    ? record.metrics.filter((name): name is string => typeof name === "string")
    : [];
  const metrics: Record<string, unknown> = {};
  for (const name of metricNames) if (name in record) metrics[name] = record[name];
  const docId = String(record.doc_id);
  const taskName = typeof record.task === "string" ? record.task : "lm_eval";
  // A multiple-choice target is the index of the right choice (written as a string in files).
  const targetIndex = options_ && /^\d+$/.test(String(record.target)) ? Number(record.target) : null;
  const target =
    targetIndex !== null && options_?.[targetIndex]
      ? `${options_[targetIndex]!.id}. ${options_[targetIndex]!.content}`
      : record.target;
  const item: Item = {
    task: {
      task_id: `${taskName}:${docId}`,
      suite_id: taskName,
      modality: "chat",
      prompt: context,
      ...(target === undefined || target === null ? {} : { reference: String(target) }),
    },
    subject: { system_under_test: model, model, modality_tags: ["chat"] },
    transcript: {
      messages: [
        { role: "user", content: [{ type: "text", text: context }] },
        { role: "assistant", content: answer === "" ? [] : [{ type: "text", text: answer }] },
      ],
    },
    ...(options_ ? { options: options_ } : {}),
    automatic_scores: { ...metrics, filter: record.filter ?? null },
    tags: {
      doc_id: docId,
      ...(typeof record.filter === "string" ? { filter: record.filter } : {}),
      ...Object.fromEntries(
        // Short doc fields (ids, labels, subjects) slice the results; the question text is the prompt already.
        Object.entries(scalarTags(record.doc, "doc.")).filter(([, v]) => typeof v !== "string" || v.length <= 100),
      ),
    },
    source: {
      format: "lm_eval",
      record,
      dedupe_key: `${typeof record.doc_hash === "string" ? record.doc_hash : docId}|${typeof record.prompt_hash === "string" ? record.prompt_hash : ""}|${String(record.filter ?? "")}|${model}`,
    },
  };
  return log.result(item);
}
