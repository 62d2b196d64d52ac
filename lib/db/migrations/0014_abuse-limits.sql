CREATE TABLE "card_checks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"payment_link_id" uuid,
	"booking_id" uuid,
	"group_id" uuid,
	"ip_address" text,
	"card_bin" text,
	"card_last_four" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "added_by_leader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_checks" ADD CONSTRAINT "card_checks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_checks_org_created_idx" ON "card_checks" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "card_checks_link_created_idx" ON "card_checks" USING btree ("payment_link_id","created_at");--> statement-breakpoint
CREATE INDEX "card_checks_ip_created_idx" ON "card_checks" USING btree ("ip_address","created_at") WHERE "card_checks"."ip_address" is not null;