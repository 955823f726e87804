// Who an admin may put on a suite's list (its raters, a pairwise suite's
// SMEs): the active users with one of the roles, and every current member,
// even one disabled since, so that keeping them is no change. Client-safe.

type User = { id: string; name: string; email: string; roles: readonly string[]; disabledAt: Date | null };

export function memberChoices(
  users: readonly User[],
  options: { current: readonly string[]; roles: readonly string[]; showRoles?: boolean },
): { id: string; label: string }[] {
  const current = new Set(options.current);
  return users
    .filter(
      (user) => current.has(user.id) || (!user.disabledAt && user.roles.some((role) => options.roles.includes(role))),
    )
    .map((user) => ({
      id: user.id,
      label: `${user.name} <${user.email}>${options.showRoles === false ? "" : ` (${user.roles.join(", ")})`}${user.disabledAt ? " — disabled" : ""}`,
    }));
}
