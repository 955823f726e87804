import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { findOpenInvitation } from "@/lib/users/service";
import { AcceptInvitationClient } from "./accept-invitation-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Join evalform" };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findOpenInvitation({ token }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  });
  // 404, with the invitation's own words (./not-found.tsx).
  if (!invitation) notFound();
  return (
    <div className="narrow">
      <h1>Join evalform</h1>
      <p>
        You were invited as <strong>{invitation.email}</strong> with the role{invitation.roles.length > 1 ? "s" : ""}{" "}
        {invitation.roles.join(", ")}.
      </p>
      <AcceptInvitationClient token={token} />
    </div>
  );
}
