-- The audit log filtered by actor, and each user's last activity (lib/users/user-table.ts).

-- CreateIndex
CREATE INDEX "audit_event_actor_idx" ON "audit_event"("actor_id", "created_at" DESC);
