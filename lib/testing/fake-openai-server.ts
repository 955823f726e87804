// A real HTTP server speaking the OpenAI chat-completions protocol, scripted
// per request, so judge clients are tested and benchmarked over real sockets
// (timeouts, retries, hangs) rather than against a mocked fetch.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakeChatRequestBody = { model?: string; messages?: unknown[]; [key: string]: unknown };

export type FakeRequest = {
  body: FakeChatRequestBody;
  messages: unknown[];
  model: string;
  /** 0-based position of this request among the chat-completion requests received. */
  index: number;
  headers: IncomingMessage["headers"];
};

type Delay = { delayMs?: number };
export type FakeReply =
  | ({ content: string; usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } } & Delay)
  | ({ status: number; body?: string; headers?: Record<string, string> } & Delay)
  // Never answers; the socket stays open until the client gives up or close().
  | ({ hang: true } & Delay);

export type FakeChatCompletionsServer = {
  /** Base URL ending in /v1, as OpenAI clients expect. */
  url: string;
  /** Bodies of the chat-completion requests received, in order. */
  requests: FakeChatRequestBody[];
  close(): Promise<void>;
};

const COMPLETIONS_PATH = "/v1/chat/completions";

export async function startFakeChatCompletionsServer(options: {
  respond: (request: FakeRequest) => FakeReply | Promise<FakeReply>;
  /** When set, requests without `Authorization: Bearer <apiKey>` get a 401. */
  apiKey?: string;
  /** A fixed port (a launcher's judge endpoint); by default any free one. */
  port?: number;
}): Promise<FakeChatCompletionsServer> {
  const requests: FakeChatRequestBody[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    if (request.method !== "POST" || request.url?.split("?")[0] !== COMPLETIONS_PATH) {
      return sendError(
        response,
        404,
        `Unknown request URL: ${request.method} ${request.url}`,
        "invalid_request_error",
        "unknown_url",
      );
    }
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(response, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    }
    let body: FakeChatRequestBody;
    try {
      body = JSON.parse(raw) as FakeChatRequestBody;
    } catch {
      return sendError(
        response,
        400,
        "We could not parse the JSON body of your request.",
        "invalid_request_error",
        null,
      );
    }
    const index = requests.length;
    requests.push(body);
    const model = typeof body.model === "string" ? body.model : "";
    const reply = await options.respond({
      body,
      messages: Array.isArray(body.messages) ? body.messages : [],
      model,
      index,
      headers: request.headers,
    });
    if (reply.delayMs) await wait(reply.delayMs);
    if ("hang" in reply) return;
    if ("status" in reply) {
      response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      response.end(reply.body ?? "");
      return;
    }
    sendJson(response, 200, {
      id: `chatcmpl-fake-${index}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }],
      usage: reply.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendError(response, 500, `fake server: ${(error as Error).message}`, "server_error", null);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    // Hanging requests and keep-alive sockets would hold the process open.
    close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(value));
}

function sendError(response: ServerResponse, status: number, message: string, type: string, code: string | null): void {
  sendJson(response, status, { error: { message, type, code } });
}
