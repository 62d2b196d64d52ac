CREATE TABLE "booking_counts" (
	"organisation_id" text NOT NULL,
	"shard" smallint NOT NULL,
	"live" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_counts_organisation_id_shard_pk" PRIMARY KEY("organisation_id","shard")
);
--> statement-breakpoint
ALTER TABLE "booking_counts" ADD CONSTRAINT "booking_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Keeps booking_counts equal to the live bookings of each organisation, in the changing transaction.
-- A random shard of 8 per change: concurrent creates in one organisation rarely lock the same row.
CREATE FUNCTION "booking_counts_apply"(org text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "booking_counts" ("organisation_id", "shard", "live") VALUES (org, floor(random() * 8)::smallint, delta)
  ON CONFLICT ("organisation_id", "shard") DO UPDATE SET "live" = "booking_counts"."live" + excluded."live";
$$;
--> statement-breakpoint
CREATE FUNCTION "booking_counts_maintain"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."deleted_at" IS NULL THEN
    PERFORM "booking_counts_apply"(OLD."organisation_id", -1);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."deleted_at" IS NULL THEN
    PERFORM "booking_counts_apply"(NEW."organisation_id", 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Inserts once per statement (a bulk load is one upsert per organisation, not one per row).
CREATE FUNCTION "booking_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booking_counts" ("organisation_id", "shard", "live")
    SELECT "organisation_id", floor(random() * 8)::smallint, count(*) FROM "inserted_bookings" WHERE "deleted_at" IS NULL GROUP BY "organisation_id"
  ON CONFLICT ("organisation_id", "shard") DO UPDATE SET "live" = "booking_counts"."live" + excluded."live";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_count_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "inserted_bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_inserted"();
--> statement-breakpoint
-- Only the changes that can move a booking in or out of the count fire these.
CREATE TRIGGER "bookings_count_delete" AFTER DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "booking_counts_maintain"();
--> statement-breakpoint
CREATE TRIGGER "bookings_count_update" AFTER UPDATE OF "deleted_at", "organisation_id" ON "bookings"
  FOR EACH ROW WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."organisation_id" IS DISTINCT FROM NEW."organisation_id")
  EXECUTE FUNCTION "booking_counts_maintain"();
--> statement-breakpoint
INSERT INTO "booking_counts" ("organisation_id", "shard", "live")
  SELECT "organisation_id", 0, count(*) FROM "bookings" WHERE "deleted_at" IS NULL GROUP BY "organisation_id";
