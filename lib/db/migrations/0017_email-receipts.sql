ALTER TABLE "transactions" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_key_uq" ON "email_outbox" USING btree ("dedupe_key");