"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type ResetForm = { password: string };

export function ResetPasswordClient({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ResetForm>();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await fetchJson(`/api/password-resets/${encodeURIComponent(token)}`, {
      method: "POST",
      body: values,
    });
    if (result.ok) {
      router.push(`/sign-in?reset=1&email=${encodeURIComponent(email)}`);
      return;
    }
    const message = issuesByField(result.issues).get("password");
    if (message) setError("password", { message });
    else setFailure(result.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      {/* The email, for password managers to file the new password under. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <FormField
        id="password"
        label="New password (at least 12 characters)"
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register("password", {
          required: "Choose a password",
          minLength: { value: 12, message: "Use at least 12 characters" },
        })}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Save the new password
      </button>
    </form>
  );
}
