"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { authClient } from "@/lib/auth/auth-client";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type AcceptForm = { name: string; password: string };

export function AcceptInvitationClient({ token }: { token: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<AcceptForm>();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await fetchJson<{ email: string }>(`/api/invitations/${encodeURIComponent(token)}`, {
      method: "POST",
      body: values,
    });
    if (result.ok) {
      // The account exists: sign in with what was just typed, and land on the welcome.
      const { error } = await authClient.signIn.email({ email: result.data.email, password: values.password });
      router.replace(error ? `/sign-in?email=${encodeURIComponent(result.data.email)}&next=/welcome` : "/welcome");
      router.refresh();
      return;
    }
    const byField = issuesByField(result.issues);
    for (const field of ["name", "password"] as const) {
      const message = byField.get(field);
      if (message) setError(field, { message });
    }
    if (byField.size === 0) setFailure(result.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <FormField
        id="name"
        label="Your name"
        autoComplete="name"
        error={formState.errors.name?.message}
        {...register("name", { required: "Enter your name" })}
      />
      <FormField
        id="password"
        label="Choose a password (at least 12 characters)"
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register("password", {
          required: "Choose a password",
          minLength: { value: 12, message: "Use at least 12 characters" },
        })}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Create my account
      </button>
    </form>
  );
}
