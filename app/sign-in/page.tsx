import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentActor } from "@/lib/auth/page-guard";
import { resolveReturnPath } from "@/lib/auth/return-path";
import { baseUrl } from "@/lib/env";
import { SignInClient } from "./sign-in-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  // Only paths of this app: an open redirect would hand sessions to other sites.
  const next = resolveReturnPath((await searchParams).next, baseUrl());
  if (await currentActor()) redirect(next);
  return (
    <div className="narrow">
      <h1>Sign in</h1>
      <SignInClient next={next} />
    </div>
  );
}
