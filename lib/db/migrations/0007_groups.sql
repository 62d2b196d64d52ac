CREATE TABLE "group_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"member_id" uuid,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_instalments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"amount" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"customer_name" text NOT NULL,
	"email" text,
	"amount" bigint NOT NULL,
	"auto_collect" boolean DEFAULT false NOT NULL,
	"saved_card_id" uuid,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_link_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text,
	"lead_name" text NOT NULL,
	"lead_email" text NOT NULL,
	"currency" text DEFAULT 'GBX' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"members_locked" boolean DEFAULT false NOT NULL,
	"installments_locked" boolean DEFAULT false NOT NULL,
	"description" text,
	"link_expires_at" timestamp with time zone NOT NULL,
	"open_banking_enabled" boolean DEFAULT false NOT NULL,
	"card_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "group_member_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "instalment_sequence" integer;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "settled_by_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "covered_link_ids" uuid[];--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD COLUMN "payment_link_id" uuid;--> statement-breakpoint
ALTER TABLE "group_alerts" ADD CONSTRAINT "group_alerts_group_id_payment_link_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payment_link_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_alerts" ADD CONSTRAINT "group_alerts_member_id_group_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."group_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_instalments" ADD CONSTRAINT "group_instalments_group_id_payment_link_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payment_link_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_payment_link_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payment_link_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_groups" ADD CONSTRAINT "payment_link_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_groups" ADD CONSTRAINT "payment_link_groups_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_groups" ADD CONSTRAINT "payment_link_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_alerts_dedupe_uq" ON "group_alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "group_alerts_group_idx" ON "group_alerts" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_instalments_live_sequence_uq" ON "group_instalments" USING btree ("group_id","sequence") WHERE "group_instalments"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "group_members_group_idx" ON "group_members" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "payment_link_groups_booking_created_idx" ON "payment_link_groups" USING btree ("booking_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_group_member_id_group_members_id_fk" FOREIGN KEY ("group_member_id") REFERENCES "public"."group_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD CONSTRAINT "scheduled_payments_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_group_member_idx" ON "payment_links" USING btree ("group_member_id","instalment_sequence") WHERE "payment_links"."group_member_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_links_group_due_idx" ON "payment_links" USING btree ("due_at") WHERE "payment_links"."group_member_id" is not null and "payment_links"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_payments_one_live_per_link_uq" ON "scheduled_payments" USING btree ("payment_link_id") WHERE "scheduled_payments"."payment_link_id" is not null and "scheduled_payments"."status" in ('AWAITING_APPROVAL', 'QUEUED', 'IN_PROGRESS');