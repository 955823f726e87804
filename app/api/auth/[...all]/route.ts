// better-auth's endpoints the app uses: sign-in, sign-out, session (sign-up is
// closed; every other better-auth endpoint answers 404: lib/auth/auth-routes.ts).
import { handleAuthRequest } from "@/lib/auth/auth-routes";
import { observeRequest } from "@/lib/http/api-handler";

export function GET(request: Request): Promise<Response> {
  return observeRequest(request, () => handleAuthRequest(request));
}

export function POST(request: Request): Promise<Response> {
  return observeRequest(request, () => handleAuthRequest(request));
}
