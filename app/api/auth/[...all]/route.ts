// better-auth's endpoints: sign-in, sign-out, session (sign-up is closed).
import { auth } from "@/lib/auth/auth";

export async function GET(request: Request): Promise<Response> {
  return auth().handler(request);
}

export async function POST(request: Request): Promise<Response> {
  return auth().handler(request);
}
