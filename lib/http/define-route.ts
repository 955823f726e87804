// The one way to write a route handler: a contract (route-contract.ts) and a
// function from the parsed request to an answer. The caller is found (session,
// token, or none for public routes), path and query are parsed with the
// contract's schemas (422 with a JSON Pointer per bad parameter), the JSON body
// is read, and outside production every JSON answer is checked against the
// schema of its status, so a drifting answer fails the tests that make it.
import "server-only";
import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import type { RequestOrigin } from "@/lib/audit/service";
import { checksAnswers } from "@/lib/env";
import { requestOrigin } from "@/lib/auth/request-origin";
import { observeRequest, withActor, withoutActor } from "./api-handler";
import { readJsonBody } from "./error-response";
import { parseQuery } from "./query-params";
import { routeTemplateOf, type RouteContract } from "./route-contract";

type Signed<C extends RouteContract> = C["access"] extends "public" | "metrics_token"
  ? { actor?: undefined }
  : { actor: Actor };

/** `"/api/share/{token}/assignments/{assignmentId}"` → `"token" | "assignmentId"`. */
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

export type RouteInput<C extends RouteContract> = Signed<C> & {
  request: Request;
  origin: RequestOrigin;
  /** The path's parameters, named as in the contract's path (and its folders). */
  params: { [Name in ParamNames<C["path"]>]: string };
  query: C["query"] extends z.ZodType ? z.output<C["query"]> : Record<string, never>;
  /** The JSON body as sent (contracts with a body); the lib function parses it with the contract's schema. */
  body: unknown;
};

/** An answer with a status or headers other than the contract's first 2xx. */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly status: number,
    readonly headers?: Record<string, string>,
  ) {}
}

export const reply = (body: unknown, status: number, headers?: Record<string, string>): Reply =>
  new Reply(body, status, headers);

type NextContext = { params: Promise<Record<string, string>> };
export type RouteHandler = ((request: Request, context: NextContext) => Promise<Response>) & {
  contract: RouteContract;
};

export function defineRoute<const C extends RouteContract>(
  contract: C,
  handle: (input: RouteInput<C>) => Promise<unknown>,
): RouteHandler {
  const options = { route: routeTemplateOf(contract.path), probe: contract.probe, serveWhileDraining: contract.probe };
  const okStatus = Number(Object.keys(contract.responses).find((status) => status.startsWith("2")) ?? 200);

  const run = async (
    request: Request,
    context: NextContext,
    signed: { actor?: Actor; origin: RequestOrigin },
  ): Promise<Response> => {
    const params = (await context?.params) ?? {};
    const query = contract.query ? parseQuery(contract.query, new URL(request.url).searchParams) : {};
    const body = contract.body ? await readJsonBody(request) : undefined;
    const answer = await handle({ ...signed, request, params, query, body } as RouteInput<C>);
    if (answer instanceof Response) return answer;
    const { status, value, headers } =
      answer instanceof Reply
        ? { status: answer.status, value: answer.body, headers: answer.headers }
        : { status: okStatus, value: answer, headers: undefined };
    if (checksAnswers()) checkAnswer(contract, status, value);
    return Response.json(value, { status, headers });
  };

  const handler = (request: Request, context: NextContext): Promise<Response> => {
    if (contract.access === "metrics_token" || (contract.access === "public" && contract.probe)) {
      return observeRequest(request, () => run(request, context, { origin: requestOrigin(request.headers) }), options);
    }
    if (contract.access === "public") return withoutActor(request, (signed) => run(request, context, signed), options);
    return withActor(request, (signed) => run(request, context, signed), options);
  };
  return Object.assign(handler, { contract });
}

/** The answer as its client reads it (dates as strings) against the schema of its status. */
function checkAnswer(contract: RouteContract, status: number, value: unknown): void {
  const schema = contract.responses[status]?.schema;
  if (!schema)
    throw new Error(`${contract.method} ${contract.path} answered ${status}, which its contract does not declare`);
  const parsed = schema.safeParse(JSON.parse(JSON.stringify(value ?? null)));
  if (parsed.success) return;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `/${issue.path.join("/")}: ${issue.message}`)
    .join("; ");
  throw new Error(`${contract.method} ${contract.path} answered ${status} outside its schema: ${issues}`);
}

/** For handlers that pick one body field by hand (`{draft}`): the field, or undefined when the body is not an object. */
export function bodyField(body: unknown, name: string): unknown {
  return body !== null && typeof body === "object" && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}
