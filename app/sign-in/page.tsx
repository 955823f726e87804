import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentActor } from "@/lib/auth/page-guard";
import { SignInClient } from "./sign-in-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

// Only same-site paths: an open redirect would hand sessions to other sites.
function safeNext(next: string | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/records";
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNext((await searchParams).next);
  if (await currentActor()) redirect(next);
  return (
    <div className="narrow">
      <h1>Sign in</h1>
      <SignInClient next={next} />
    </div>
  );
}
