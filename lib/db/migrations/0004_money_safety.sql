DROP INDEX "scheduled_payments_due_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "processor_amount" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "processor_currency" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "authorised_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "processor_amount" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "processor_currency" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "actor_kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_authorised_by_user_id_users_id_fk" FOREIGN KEY ("authorised_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_payments_due_idx" ON "scheduled_payments" USING btree (coalesce("next_attempt_at", "execute_after")) WHERE "scheduled_payments"."status" = 'QUEUED';--> statement-breakpoint
UPDATE "audit_records" SET "actor_kind" = 'service' WHERE "user_id" IS NULL;
