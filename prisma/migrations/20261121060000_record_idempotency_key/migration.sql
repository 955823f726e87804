-- Idempotency-Key on POST /api/records (draft-ietf-httpapi-idempotency-key-header):
-- a key is scoped to the user who sent it and names the one record its first
-- request stored. The row is written in the record's transaction, and the
-- primary key makes a concurrent retry with the same key fail instead of
-- storing a second record. request_sha256 fingerprints the request (body and
-- ?as=), so reusing a key for a different request is refused.
CREATE TABLE "record_idempotency_key" (
    "user_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_sha256" BYTEA NOT NULL,
    "eval_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "record_idempotency_key_pkey" PRIMARY KEY ("user_id", "key"),
    CONSTRAINT "record_idempotency_key_length" CHECK (char_length("key") BETWEEN 1 AND 255),
    CONSTRAINT "record_idempotency_key_sha256_length" CHECK (octet_length("request_sha256") = 32)
);
CREATE UNIQUE INDEX "record_idempotency_key_eval_id_key" ON "record_idempotency_key"("eval_id");
ALTER TABLE "record_idempotency_key" ADD CONSTRAINT "record_idempotency_key_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "record_idempotency_key" ADD CONSTRAINT "record_idempotency_key_eval_id_fkey" FOREIGN KEY ("eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT;
