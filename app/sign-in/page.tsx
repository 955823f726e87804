import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentActor } from "@/lib/auth/page-guard";
import { resolveReturnPath } from "@/lib/auth/return-path";
import { baseUrl } from "@/lib/env";
import { SignInClient } from "./sign-in-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

type SignInParams = { next?: string | string[]; email?: string | string[]; reset?: string | string[] };

export default async function SignInPage({ searchParams }: { searchParams: Promise<SignInParams> }) {
  const params = await searchParams;
  // Only paths of this app: an open redirect would hand sessions to other sites.
  const next = resolveReturnPath(params.next, baseUrl());
  // Prefilled after a password reset or an invitation; only ever a default of the field.
  const email = typeof params.email === "string" ? params.email.slice(0, 320) : "";
  if (await currentActor()) redirect(next);
  return (
    <div className="narrow">
      <h1>Sign in</h1>
      {params.reset === "1" ? (
        <p className="notice" role="status">
          Your new password is set, your other sessions have ended and your API tokens are revoked. Sign in with it.
        </p>
      ) : null}
      <SignInClient next={next} defaultEmail={email} />
    </div>
  );
}
