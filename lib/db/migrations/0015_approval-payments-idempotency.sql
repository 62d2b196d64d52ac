ALTER TABLE "approvals" ADD COLUMN "payments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_payments_idempotency_uq" ON "scheduled_payments" USING btree ("idempotency_key");