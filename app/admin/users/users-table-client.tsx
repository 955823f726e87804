"use client";
// All users in one table: find by name or address, roles edited in place,
// last activity and ratings, disable, enable and password reset links.
import { TableScroll } from "@/components/table-scroll";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { RoleCheckboxes } from "@/components/forms/role-checkboxes";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { fetchJson } from "@/lib/http/fetch-json";

export type UserRow = {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  disabledAt: string | null;
  createdAt: string;
  lastActiveAt: string | null;
  ratingsCount: number;
};

const shortTime = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 16) : "never");

function UserRolesForm({ user, onDone }: { user: UserRow; onDone: (message: string) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<{ roles: Role[] }>({
    defaultValues: { roles: user.roles },
  });
  const onSubmit = handleSubmit(async ({ roles }) => {
    const result = await fetchJson(`/api/users/${user.id}`, { method: "PATCH", body: { roles } });
    if (!result.ok) {
      setError("roles", { message: result.issues[0]?.message ?? result.message });
      return;
    }
    onDone(`Roles of ${user.name} saved.`);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="inline-form">
      <RoleCheckboxes
        idPrefix={`roles-${user.id}`}
        legend={`Roles of ${user.email}`}
        legendHidden
        roles={ROLES}
        error={formState.errors.roles?.message}
        register={register("roles")}
      />
      <button type="submit" className="btn" disabled={formState.isSubmitting}>
        Save roles
      </button>
    </form>
  );
}

export function UsersTable({
  users,
  currentUserId,
  initialSearch,
  onChanged,
  onResetLink,
}: {
  users: UserRow[];
  currentUserId: string;
  initialSearch: string;
  onChanged: (message: string) => void;
  onResetLink: (user: UserRow, link: string) => void;
}) {
  const [search, setSearch] = useState(initialSearch);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return users.filter((user) =>
      words.every((word) => user.name.toLowerCase().includes(word) || user.email.includes(word)),
    );
  }, [users, search]);

  const setDisabled = async (user: UserRow, disabled: boolean) => {
    const result = await fetchJson(`/api/users/${user.id}`, { method: "PATCH", body: { disabled } });
    onChanged(
      result.ok
        ? `${user.name} ${disabled ? "disabled; their sessions have ended and their API tokens are revoked" : "enabled"}.`
        : result.message,
    );
  };
  const issueReset = async (user: UserRow) => {
    const result = await fetchJson<{ reset_path: string }>(`/api/users/${user.id}/password-reset`, { method: "POST" });
    if (result.ok) onResetLink(user, `${window.location.origin}${result.data.reset_path}`);
    else onChanged(result.message);
  };

  return (
    <section aria-labelledby="all-users-title">
      <h2 id="all-users-title">All users</h2>
      <div className="form-group">
        <label className="control-label" htmlFor="user-search">
          Find a user by name or address
        </label>
        <input
          id="user-search"
          type="search"
          className="form-control"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-controls="users-table"
        />
      </div>
      <p role="status" className="help-block">
        {shown.length === users.length ? `${users.length} users` : `${shown.length} of ${users.length} users`}
      </p>
      <TableScroll label="All users">
        <table className="records-table" id="users-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Roles</th>
              <th scope="col">Last activity (UTC)</th>
              <th scope="col">Ratings</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((user) => (
              <tr key={user.id} data-testid={`user-${user.email}`}>
                <th scope="row">
                  {user.name}
                  {user.disabledAt ? <span className="badge badge-required"> disabled</span> : null}
                </th>
                <td>{user.email}</td>
                <td>
                  <UserRolesForm user={user} onDone={onChanged} />
                </td>
                <td>
                  {user.lastActiveAt ? (
                    <time dateTime={user.lastActiveAt}>{shortTime(user.lastActiveAt)}</time>
                  ) : (
                    "never"
                  )}
                </td>
                <td>{user.ratingsCount}</td>
                <td>
                  {user.disabledAt ? (
                    <button
                      type="button"
                      className="btn"
                      aria-label={`Enable ${user.email}`}
                      onClick={() => setDisabled(user, false)}
                    >
                      Enable
                    </button>
                  ) : (
                    <>
                      {/* One's own account is never disabled from here (the last admin could lock everyone out). */}
                      {user.id === currentUserId ? null : (
                        <button
                          type="button"
                          className="btn"
                          aria-label={`Disable ${user.email}`}
                          onClick={() => setDisabled(user, true)}
                        >
                          Disable
                        </button>
                      )}{" "}
                      <button
                        type="button"
                        className="btn"
                        aria-label={`Reset password of ${user.email}`}
                        onClick={() => issueReset(user)}
                      >
                        Reset password
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
