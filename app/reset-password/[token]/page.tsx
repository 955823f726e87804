// Setting a new password with an admin-issued reset link (public: the token is the credential).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { findOpenPasswordReset } from "@/lib/users/password-reset";
import { ResetPasswordClient } from "./reset-password-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set a new password" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const reset = await findOpenPasswordReset({ token }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  });
  // 404, with the link's own words (./not-found.tsx).
  if (!reset) notFound();
  return (
    <div className="narrow">
      <h1>Set a new password</h1>
      <p>
        For <strong>{reset.name}</strong> ({reset.email}). Every session you have open ends when you save, and every API
        token you created is revoked (make new ones once you are signed in).
      </p>
      <ResetPasswordClient token={token} email={reset.email} />
    </div>
  );
}
