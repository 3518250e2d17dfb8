-- Per-(song, context) totals of the slotted tallies, in mix and trending order per context (issue 19, ADR 029):
-- a context's top K becomes an index read with LIMIT instead of summing every tally slot of the context. Votes
-- only mark their slot row dirty (no new row lock: the slot's own); a fold sums the dirty songs' slots into
-- vote_totals about every second (votes.repository foldTallies), and exact readers add the dirty songs' sums.
CREATE TABLE "vote_totals" (
	"song_id" integer NOT NULL,
	"venue_id" integer,
	"up_votes" integer NOT NULL,
	"down_votes" integer NOT NULL,
	"created_ms" double precision NOT NULL,
	"net" integer GENERATED ALWAYS AS (up_votes - down_votes) STORED NOT NULL,
	"hot" double precision GENERATED ALWAYS AS (sign((up_votes - down_votes)::float8) * log(greatest(abs(up_votes - down_votes), 1)::float8) + created_ms / 1000 / 45000) STORED NOT NULL,
	CONSTRAINT "vote_totals_song_context_key" UNIQUE NULLS NOT DISTINCT("song_id","venue_id")
);
--> statement-breakpoint
-- Existing slots are folded below (false); every row written from now on is dirty until the next fold.
ALTER TABLE "vote_tallies" ADD COLUMN "dirty" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "vote_tallies" ALTER COLUMN "dirty" SET DEFAULT true;
--> statement-breakpoint
-- The totals of every slot there is (1,000,000 songs, 10,000,000 votes: about two minutes), before the indexes.
INSERT INTO "vote_totals" ("song_id", "venue_id", "up_votes", "down_votes", "created_ms")
  SELECT t.song_id, t.venue_id, sum(t.up_votes)::int, sum(t.down_votes)::int, floor(extract(epoch from s.created_at) * 1000)::float8
  FROM "vote_tallies" t JOIN "songs" s ON s.id = t.song_id
  GROUP BY t.song_id, t.venue_id, s.created_at;
--> statement-breakpoint
ALTER TABLE "vote_totals" ADD CONSTRAINT "vote_totals_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vote_totals" ADD CONSTRAINT "vote_totals_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "vote_totals_global_mix_idx" ON "vote_totals" USING btree ("net" DESC NULLS LAST,"up_votes" DESC NULLS LAST,"created_ms","song_id") WHERE "vote_totals"."venue_id" is null;
--> statement-breakpoint
CREATE INDEX "vote_totals_global_hot_idx" ON "vote_totals" USING btree ("hot" DESC NULLS LAST,"created_ms" DESC NULLS LAST,"song_id" DESC NULLS LAST) WHERE "vote_totals"."venue_id" is null;
--> statement-breakpoint
CREATE INDEX "vote_totals_venue_mix_idx" ON "vote_totals" USING btree ("venue_id","net" DESC NULLS LAST,"up_votes" DESC NULLS LAST,"created_ms","song_id") WHERE "vote_totals"."venue_id" is not null;
--> statement-breakpoint
CREATE INDEX "vote_totals_venue_hot_idx" ON "vote_totals" USING btree ("venue_id","hot" DESC NULLS LAST,"created_ms" DESC NULLS LAST,"song_id" DESC NULLS LAST) WHERE "vote_totals"."venue_id" is not null;
--> statement-breakpoint
CREATE INDEX "vote_tallies_dirty_idx" ON "vote_tallies" USING btree ("song_id","venue_id") WHERE "vote_tallies"."dirty";
--> statement-breakpoint
-- Fresh statistics: without them the planner takes half the slots for dirty and the totals for empty.
ANALYZE "vote_totals";
--> statement-breakpoint
ANALYZE "vote_tallies";
