// better-auth's endpoints: sign-in, sign-out, session (sign-up is closed).
import { auth } from "@/lib/auth/auth";
import { observeRequest } from "@/lib/http/api-handler";

export function GET(request: Request): Promise<Response> {
  return observeRequest(request, () => auth().handler(request));
}

export function POST(request: Request): Promise<Response> {
  return observeRequest(request, () => auth().handler(request));
}
