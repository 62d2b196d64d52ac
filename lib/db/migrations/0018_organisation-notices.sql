CREATE TABLE "organisation_notices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_notices" ADD CONSTRAINT "organisation_notices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_notices_dedupe_uq" ON "organisation_notices" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "organisation_notices_org_idx" ON "organisation_notices" USING btree ("organisation_id");