"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { RoleCheckboxes } from "@/components/forms/role-checkboxes";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type UserRow = { id: string; email: string; name: string; roles: Role[]; disabledAt: string | null; createdAt: string };
type InviteForm = { email: string; roles: Role[] };

function InviteUserForm({ onInvited }: { onInvited: (link: string, email: string) => void }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<InviteForm>({ defaultValues: { roles: ["rater"] } });
  const onSubmit = handleSubmit(async (values) => {
    const result = await fetchJson<{ invite_path: string; email: string }>("/api/users", { method: "POST", body: values });
    if (!result.ok) {
      const byField = issuesByField(result.issues);
      setError("email", { message: byField.get("email") ?? (byField.size === 0 ? result.message : undefined) });
      if (byField.get("roles")) setError("roles", { message: byField.get("roles") });
      return;
    }
    onInvited(`${window.location.origin}${result.data.invite_path}`, result.data.email);
    reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a user</h2>
      <FormField id="invite-email" label="Email" type="email" error={formState.errors.email?.message}
        {...register("email", { required: "Enter an email address" })} />
      <RoleCheckboxes idPrefix="invite-role" legend="Roles" roles={ROLES} error={formState.errors.roles?.message}
        register={register("roles", { validate: (roles) => (roles?.length ?? 0) > 0 || "Choose at least one role" })} />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>Create invitation link</button>
    </form>
  );
}

function UserRolesForm({ user, onDone }: { user: UserRow; onDone: (message: string | null) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<{ roles: Role[] }>({ defaultValues: { roles: user.roles } });
  const onSubmit = handleSubmit(async ({ roles }) => {
    const result = await fetchJson(`/api/users/${user.id}`, { method: "PATCH", body: { roles } });
    if (!result.ok) {
      setError("roles", { message: result.issues[0]?.message ?? result.message });
      return;
    }
    onDone(`Roles of ${user.email} saved.`);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="inline-form">
      <RoleCheckboxes idPrefix={`roles-${user.id}`} legend={`Roles of ${user.email}`} roles={ROLES} error={formState.errors.roles?.message}
        register={register("roles")} />
      <button type="submit" className="btn" disabled={formState.isSubmitting}>Save roles</button>
    </form>
  );
}

export function UsersClient({ users, currentUserId }: { users: UserRow[]; currentUserId: string }) {
  const router = useRouter();
  const [invitation, setInvitation] = useState<{ link: string; email: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const setDisabled = async (user: UserRow, disabled: boolean) => {
    const result = await fetchJson(`/api/users/${user.id}`, { method: "PATCH", body: { disabled } });
    setMessage(result.ok ? `${user.email} ${disabled ? "disabled; their sessions have ended" : "enabled"}.` : result.message);
    router.refresh();
  };

  return (
    <>
      {message ? <p className="notice" role="status">{message}</p> : null}
      <InviteUserForm onInvited={(link, email) => { setInvitation({ link, email }); router.refresh(); }} />
      {invitation ? (
        <div className="notice" role="status">
          <p>Send this link to {invitation.email}. It is shown only now and works once, for 7 days:</p>
          <p><code data-testid="invitation-link">{invitation.link}</code></p>
        </div>
      ) : null}
      <h2>All users</h2>
      <ul className="user-list">
        {users.map((user) => (
          <li key={user.id} className="panel" data-testid={`user-${user.email}`}>
            <p>
              <strong>{user.name}</strong> · {user.email}
              {user.disabledAt ? <span className="badge badge-required"> disabled</span> : null}
            </p>
            <UserRolesForm user={user} onDone={(text) => { setMessage(text); router.refresh(); }} />
            {user.id === currentUserId ? null : user.disabledAt ? (
              <button type="button" className="btn" onClick={() => setDisabled(user, false)}>Enable {user.email}</button>
            ) : (
              <button type="button" className="btn" onClick={() => setDisabled(user, true)}>Disable {user.email}</button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
