ALTER TABLE "songs" ADD COLUMN "release_year" integer;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "energy" integer;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "tempo" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "moods" text[];--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "instrumental" boolean;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_release_year_range" CHECK ("songs"."release_year" is null or "songs"."release_year" between 1000 and 2100);--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_energy_range" CHECK ("songs"."energy" is null or "songs"."energy" between 1 and 5);--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_tempo_value" CHECK ("songs"."tempo" is null or "songs"."tempo" in ('slow', 'medium', 'fast'));--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_language_format" CHECK ("songs"."language" is null or "songs"."language" ~ '^[a-z]{2}$');