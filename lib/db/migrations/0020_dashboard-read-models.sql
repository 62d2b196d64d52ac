CREATE INDEX "payment_link_groups_org_open_idx" ON "payment_link_groups" USING btree ("organisation_id","link_expires_at") WHERE "payment_link_groups"."status" = 'active';--> statement-breakpoint
CREATE INDEX "transactions_org_completed_idx" ON "transactions" USING btree ("organisation_id","completed_at") WHERE "transactions"."status" = 'COMPLETE';--> statement-breakpoint
CREATE INDEX "transactions_org_unsettled_idx" ON "transactions" USING btree ("organisation_id","created_at") WHERE "transactions"."status" = 'PAYMENTINPROGRESS' and "transactions"."stage" = 'unsettled';--> statement-breakpoint
CREATE INDEX "credit_notes_to_idx" ON "credit_notes" USING btree ("booking_applied_to_id") WHERE "credit_notes"."booking_applied_to_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_org_awaiting_idx" ON "refunds" USING btree ("organisation_id","created_at") WHERE "refunds"."status" = 'PENDING_AUTHORISATION';--> statement-breakpoint
CREATE INDEX "audit_org_entity_idx" ON "audit_records" USING btree ("organisation_id","entity_id");--> statement-breakpoint
CREATE INDEX "processor_notifications_psp_idx" ON "processor_notifications" USING btree ("psp_reference");--> statement-breakpoint
CREATE INDEX "processor_notifications_original_idx" ON "processor_notifications" USING btree ("original_reference") WHERE "processor_notifications"."original_reference" is not null;