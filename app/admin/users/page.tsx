// Users (admin): invite, set roles, disable and enable.
import type { Metadata } from "next";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listUsers } from "@/lib/users/service";
import { UsersClient } from "./users-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const actor = await requirePageActor({ returnTo: "/admin/users", action: "users.manage" });
  const users = await listUsers({ actor });
  return (
    <>
      <h1>Users</h1>
      <UsersClient
        currentUserId={actor.userId}
        users={users.map((user) => ({ ...user, disabledAt: user.disabledAt?.toISOString() ?? null, createdAt: user.createdAt.toISOString() }))}
      />
    </>
  );
}
