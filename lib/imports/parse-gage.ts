// gage-eval standardized Samples (../shared/specs/gage-eval-sample-spec.md)
// → items. `messages` (content as segments or a plain string) is the input,
// `predict_result` the model's output, `references` (objects or strings) the
// reference, `golden_trajectories` a reference trajectory, `data_tag` and
// `metadata` the slicing tags.
import type { Item, Segment, Transcript, TranscriptMessage } from "@/lib/items/types";
import { LineLog, readText, scalarTags, type LineResult } from "./line-result";
import { isPlainObject } from "@/lib/is-plain-object";

const MEDIA_TYPES = { image_url: "image", audio_url: "audio", video_url: "video", file_url: "file" } as const;

function readSegments(content: unknown, field: string, log: LineLog): Segment[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  if (content === null || content === undefined) return [];
  if (!Array.isArray(content)) {
    log.error(field, "type", "content must be a string or a list of segments");
    return [];
  }
  return content.flatMap((segment, index): Segment[] => {
    if (typeof segment === "string") return [{ type: "text", text: segment }];
    if (!isPlainObject(segment) || typeof segment.type !== "string") {
      log.error(`${field}/${index}`, "type", "a segment needs a type");
      return [];
    }
    if (segment.type === "text") {
      if (typeof segment.text !== "string")
        log.error(`${field}/${index}/text`, "required", "a text segment needs text");
      return typeof segment.text === "string" ? [{ type: "text", text: segment.text }] : [];
    }
    const media = MEDIA_TYPES[segment.type as keyof typeof MEDIA_TYPES];
    if (!media) {
      log.error(
        `${field}/${index}/type`,
        "enum",
        `segment type ${JSON.stringify(segment.type)} is not text, image_url, audio_url, video_url or file_url`,
      );
      return [];
    }
    const holder = segment[segment.type];
    const url = isPlainObject(holder) ? holder.url : holder;
    if (typeof url !== "string" || url === "") {
      log.error(`${field}/${index}/${segment.type}/url`, "required", `a ${segment.type} segment needs a url`);
      return [];
    }
    return [{ type: media, url }];
  });
}

function readMessages(messages: unknown, field: string, log: LineLog): TranscriptMessage[] {
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((message, index) => {
    if (!isPlainObject(message) || typeof message.role !== "string") {
      log.error(`${field}/${index}/role`, "required", "each message needs a role");
      return [];
    }
    const result: TranscriptMessage = {
      role: message.role,
      content: readSegments(message.content, `${field}/${index}/content`, log),
    };
    if (Array.isArray(message.tool_calls)) {
      result.tool_calls = message.tool_calls.flatMap((call) => {
        const fn =
          isPlainObject(call) && isPlainObject(call.function) ? call.function : isPlainObject(call) ? call : null;
        if (!fn || typeof fn.name !== "string") return [];
        let args: unknown = fn.arguments;
        if (typeof args === "string") {
          try {
            args = JSON.parse(args);
          } catch {
            /* keep the string */
          }
        }
        return [
          {
            ...(isPlainObject(call) && typeof call.id === "string" ? { id: call.id } : {}),
            name: fn.name,
            ...(args === undefined ? {} : { arguments: args }),
          },
        ];
      });
    }
    if (typeof message.tool_call_id === "string") result.tool_call_id = message.tool_call_id;
    const reasoning = message.reasoning_content ?? message.reasoning;
    if (typeof reasoning === "string" && reasoning !== "") result.reasoning = reasoning;
    return [result];
  });
}

/** The model's answer: predict_result[0] as a message, a list of messages, or text. */
function readPrediction(predictions: unknown, log: LineLog): TranscriptMessage[] {
  if (predictions === undefined || predictions === null) return [];
  const first = Array.isArray(predictions) ? predictions[0] : predictions;
  if (Array.isArray(predictions) && predictions.length > 1)
    log.note("/predict_result", `${predictions.length} predictions; the first is rated`);
  if (typeof first === "string") return [{ role: "assistant", content: [{ type: "text", text: first }] }];
  if (!isPlainObject(first)) return [];
  if (Array.isArray(first.messages)) return readMessages(first.messages, "/predict_result/0/messages", log);
  if (isPlainObject(first.message)) return readMessages([first.message], "/predict_result/0/message", log);
  const text = readText(first.text ?? first.answer ?? first.output ?? first.content, "/predict_result/0", log);
  return text === undefined ? [] : [{ role: "assistant", content: [{ type: "text", text }] }];
}

function referenceText(sample: Record<string, unknown>, log: LineLog): string | undefined {
  const references = Array.isArray(sample.references) ? sample.references : [];
  const texts = references.flatMap((reference) => {
    if (typeof reference === "string") return [reference];
    if (!isPlainObject(reference)) return [];
    const answer = reference.answer;
    if (typeof answer === "string") return [answer];
    return Array.isArray(answer)
      ? readSegments(answer, "/references", log).flatMap((segment) =>
          segment.type === "text" ? [segment.text] : [segment.url],
        )
      : [];
  });
  if (texts.length > 0) return texts.join("\n");
  return typeof sample.label === "string" ? sample.label : undefined;
}

export function parseGageSample(
  sample: unknown,
  line: number,
  settings: { systemUnderTest?: string } = {},
): LineResult {
  const log = new LineLog(line);
  if (!isPlainObject(sample)) {
    log.error("", "type", "each line must be a JSON object");
    return log.result(null);
  }
  if (typeof sample.id !== "string" && typeof sample.id !== "number") log.error("/id", "required", "id is required");
  if (!Array.isArray(sample.messages) || sample.messages.length === 0)
    log.error("/messages", "required", "messages is required and must not be empty");
  const input = readMessages(sample.messages, "/messages", log);
  const output = readPrediction(sample.predict_result, log);
  if (output.length === 0) log.error("/predict_result", "required", "predict_result holds no model output to rate");
  const metadata = isPlainObject(sample.metadata) ? sample.metadata : {};
  const systemUnderTest = [metadata.model, metadata.model_id, settings.systemUnderTest].find(
    (value): value is string => typeof value === "string" && value !== "",
  );
  if (!systemUnderTest)
    log.error(
      "/metadata/model",
      "required",
      "no model is named: set metadata.model in the file, or name the system under test when importing",
    );
  if (log.errors.length > 0) return log.result(null);

  const allSegments = [...input, ...output].flatMap((message) => message.content);
  const media = new Set(allSegments.filter((segment) => segment.type !== "text").map((segment) => segment.type));
  const agentic =
    sample.task_type === "agent" || Array.isArray(sample.tools) || output.some((message) => message.tool_calls?.length);
  const modality = agentic ? "agent" : media.size > 0 ? "multimodal" : "chat";
  const tags = new Set<string>([agentic ? "agent" : "chat"]);
  if (agentic) tags.add("tool_use");
  if (media.size > 0) tags.add("multimodal");
  if (media.has("image")) tags.add("vision");
  if (media.has("audio")) tags.add("audio");
  const prompt = input
    .filter((message) => message.role === "user")
    .flatMap((message) => message.content)
    .map((segment) => (segment.type === "text" ? segment.text : `[${segment.type}: ${segment.url}]`))
    .join("\n");
  const reference = referenceText(sample, log);
  const trajectory = Array.isArray(sample.golden_trajectories) ? sample.golden_trajectories[0] : undefined;
  const trajectoryMessages = Array.isArray(trajectory)
    ? trajectory
    : isPlainObject(trajectory)
      ? trajectory.messages
      : undefined;
  const referenceTrajectory: Transcript | undefined = Array.isArray(trajectoryMessages)
    ? { messages: readMessages(trajectoryMessages, "/golden_trajectories/0", log) }
    : undefined;
  const choices = Array.isArray(sample.options)
    ? sample.options.flatMap((option, index) =>
        typeof option === "string"
          ? [{ id: String.fromCharCode(65 + index), content: option }]
          : isPlainObject(option) && typeof option.content === "string"
            ? [{ id: String(option.id ?? String.fromCharCode(65 + index)), content: option.content }]
            : [],
      )
    : [];

  const item: Item = {
    task: {
      task_id: String(sample.id),
      ...(typeof metadata.dataset === "string" ? { suite_id: metadata.dataset } : {}),
      modality,
      prompt,
      ...(reference === undefined ? {} : { reference }),
    },
    subject: { system_under_test: systemUnderTest!, model: systemUnderTest!, modality_tags: [...tags] },
    transcript: { messages: [...input, ...output] },
    ...(choices.length > 0 ? { options: choices } : {}),
    ...(referenceTrajectory && referenceTrajectory.messages.length > 0
      ? { reference_trajectory: referenceTrajectory }
      : {}),
    ...(Array.isArray(sample.tools) ? { tools: sample.tools } : {}),
    ...(isPlainObject(sample.eval_result) ? { automatic_scores: { eval_result: sample.eval_result } } : {}),
    tags: {
      ...scalarTags(metadata, "metadata."),
      ...scalarTags(sample.data_tag),
      ...(typeof sample.task_type === "string" ? { task_type: sample.task_type } : {}),
    },
    source: { format: "gage", record: sample },
  };
  return log.result(item);
}
