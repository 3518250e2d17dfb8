CREATE TABLE "live_bans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_bans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"venue_id" integer NOT NULL,
	"song_id" integer,
	"artist" text,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_bans_one_target" CHECK (("live_bans"."song_id" is null) <> ("live_bans"."artist" is null))
);
--> statement-breakpoint
CREATE TABLE "live_cohosts" (
	"venue_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_cohosts_venue_id_user_id_pk" PRIMARY KEY("venue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"song_id" integer NOT NULL,
	"requester_id" text,
	"autofill" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"started_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"net_votes" integer DEFAULT 0 NOT NULL,
	"request_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "live_entries_status" CHECK ("live_entries"."status" in ('queued', 'playing', 'played', 'skipped', 'removed', 'unplayable'))
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"venue_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"session_id" integer,
	"joined_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_presence_venue_id_user_id_pk" PRIMARY KEY("venue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"venue_id" integer NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"offline_since" timestamp with time zone,
	"host_device_id" text NOT NULL,
	"host_user_id" text,
	"host_last_seen" timestamp with time zone NOT NULL,
	"join_code" text NOT NULL,
	"previous_code" text,
	"code_rotated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "live_sessions_status" CHECK ("live_sessions"."status" in ('live', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "live_settings" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"request_cap" integer DEFAULT 3 NOT NULL,
	"skip_percent" integer DEFAULT 50 NOT NULL,
	"skip_scaled" boolean DEFAULT true NOT NULL,
	"max_song_seconds" integer DEFAULT 600 NOT NULL,
	"no_repeat_hours" integer DEFAULT 3 NOT NULL,
	"allow_youtube_links" boolean DEFAULT false NOT NULL,
	"requests_locked" boolean DEFAULT false NOT NULL,
	"display_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_settings_request_cap" CHECK ("live_settings"."request_cap" between 1 and 20),
	CONSTRAINT "live_settings_skip_percent" CHECK ("live_settings"."skip_percent" between 10 and 100),
	CONSTRAINT "live_settings_max_song" CHECK ("live_settings"."max_song_seconds" between 60 and 3600),
	CONSTRAINT "live_settings_no_repeat" CHECK ("live_settings"."no_repeat_hours" between 0 and 24)
);
--> statement-breakpoint
CREATE TABLE "live_skip_votes" (
	"entry_id" integer NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "live_skip_votes_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_votes" (
	"entry_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"value" smallint NOT NULL,
	CONSTRAINT "live_votes_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id"),
	CONSTRAINT "live_votes_value" CHECK ("live_votes"."value" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "live_bans" ADD CONSTRAINT "live_bans_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bans" ADD CONSTRAINT "live_bans_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bans" ADD CONSTRAINT "live_bans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_cohosts" ADD CONSTRAINT "live_cohosts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_cohosts" ADD CONSTRAINT "live_cohosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_entries" ADD CONSTRAINT "live_entries_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_entries" ADD CONSTRAINT "live_entries_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_entries" ADD CONSTRAINT "live_entries_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_entries" ADD CONSTRAINT "live_entries_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_settings" ADD CONSTRAINT "live_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_skip_votes" ADD CONSTRAINT "live_skip_votes_entry_id_live_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."live_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_skip_votes" ADD CONSTRAINT "live_skip_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_votes" ADD CONSTRAINT "live_votes_entry_id_live_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."live_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_votes" ADD CONSTRAINT "live_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_bans_song_key" ON "live_bans" USING btree ("venue_id","song_id") WHERE "live_bans"."song_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "live_bans_artist_key" ON "live_bans" USING btree ("venue_id",lower("artist")) WHERE "live_bans"."artist" is not null;--> statement-breakpoint
CREATE INDEX "live_cohosts_user_idx" ON "live_cohosts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_entries_waiting_key" ON "live_entries" USING btree ("session_id","song_id") WHERE "live_entries"."status" in ('queued', 'playing');--> statement-breakpoint
CREATE UNIQUE INDEX "live_entries_playing_key" ON "live_entries" USING btree ("session_id") WHERE "live_entries"."status" = 'playing';--> statement-breakpoint
CREATE INDEX "live_entries_session_idx" ON "live_entries" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "live_entries_recent_idx" ON "live_entries" USING btree ("venue_id","song_id","started_at");--> statement-breakpoint
CREATE INDEX "live_presence_venue_expires_idx" ON "live_presence" USING btree ("venue_id","expires_at");--> statement-breakpoint
CREATE INDEX "live_presence_user_idx" ON "live_presence" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_open_key" ON "live_sessions" USING btree ("venue_id") WHERE "live_sessions"."status" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_code_key" ON "live_sessions" USING btree ("join_code") WHERE "live_sessions"."status" = 'live';--> statement-breakpoint
CREATE INDEX "live_sessions_previous_code_idx" ON "live_sessions" USING btree ("previous_code") WHERE "live_sessions"."status" = 'live';--> statement-breakpoint
CREATE INDEX "live_sessions_venue_idx" ON "live_sessions" USING btree ("venue_id","started_at");--> statement-breakpoint
CREATE INDEX "live_skip_votes_user_idx" ON "live_skip_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_votes_user_idx" ON "live_votes" USING btree ("user_id");