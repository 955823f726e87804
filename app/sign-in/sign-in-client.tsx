"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { authClient } from "@/lib/auth/auth-client";
import { resolveReturnPath } from "@/lib/auth/return-path";

type SignInForm = { email: string; password: string };

export function SignInClient({ next, defaultEmail = "" }: { next: string; defaultEmail?: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignInForm>({ defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const { error } = await authClient.signIn.email({ email, password });
    if (error) {
      setFailure(error.status === 401 ? "Wrong email or password." : (error.message ?? "Sign-in failed; try again."));
      return;
    }
    // Resolved again here: this is the redirect the browser follows.
    router.replace(resolveReturnPath(next, window.location.origin));
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <FormField
        id="email"
        label="Email"
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        {...register("email", { required: "Enter your email" })}
      />
      <FormField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register("password", { required: "Enter your password" })}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
