DROP INDEX "customers_org_created_idx";--> statement-breakpoint
DROP INDEX "customers_org_email_idx";--> statement-breakpoint
DROP INDEX "suppliers_org_created_idx";--> statement-breakpoint
DROP INDEX "bookings_org_created_idx";--> statement-breakpoint
DROP INDEX "payment_links_org_kind_created_idx";--> statement-breakpoint
DROP INDEX "transactions_org_created_idx";--> statement-breakpoint
DROP INDEX "credit_notes_org_created_idx";--> statement-breakpoint
DROP INDEX "refunds_org_created_idx";--> statement-breakpoint
DROP INDEX "scheduled_payments_org_status_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "audit_org_created_idx";--> statement-breakpoint
DROP INDEX "audit_org_user_created_idx";--> statement-breakpoint
CREATE INDEX "customers_org_created_idx" ON "customers" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_org_email_idx" ON "customers" USING btree ("organisation_id",lower("email"));--> statement-breakpoint
CREATE INDEX "suppliers_org_created_idx" ON "suppliers" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_org_created_idx" ON "bookings" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "bookings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payment_links_org_kind_created_idx" ON "payment_links" USING btree ("organisation_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "payment_links"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_org_created_idx" ON "transactions" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credit_notes_org_created_idx" ON "credit_notes" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_org_created_idx" ON "refunds" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scheduled_payments_org_status_created_idx" ON "scheduled_payments" USING btree ("organisation_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_org_created_idx" ON "audit_records" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"sequence" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_org_user_created_idx" ON "audit_records" USING btree ("organisation_id","user_id","created_at" DESC NULLS FIRST);