CREATE TABLE "ai_chats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_chats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"message" text NOT NULL,
	"response" text NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_playlist_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_playlist_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"playlist_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"can_vote" boolean DEFAULT true NOT NULL,
	"can_propose" boolean DEFAULT true NOT NULL,
	"can_moderate" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_members_role_check" CHECK ("community_playlist_members"."role" in ('admin', 'moderator', 'member'))
);
--> statement-breakpoint
CREATE TABLE "community_playlist_songs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_playlist_songs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"playlist_id" integer NOT NULL,
	"song_id" integer NOT NULL,
	"proposed_by_id" text NOT NULL,
	"position" integer,
	"up_votes" integer DEFAULT 0 NOT NULL,
	"down_votes" integer DEFAULT 0 NOT NULL,
	"net_votes" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "playlist_songs_status_check" CHECK ("community_playlist_songs"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "playlist_songs_net_check" CHECK ("community_playlist_songs"."net_votes" = "community_playlist_songs"."up_votes" - "community_playlist_songs"."down_votes"),
	CONSTRAINT "playlist_songs_approved_check" CHECK (("community_playlist_songs"."status" = 'approved') = ("community_playlist_songs"."position" is not null and "community_playlist_songs"."approved_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "community_playlist_votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_playlist_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"playlist_song_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"vote_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_votes_type_check" CHECK ("community_playlist_votes"."vote_type" in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "community_playlists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_playlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"creator_id" text NOT NULL,
	"venue_id" integer,
	"is_public" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"vote_threshold" integer DEFAULT 3 NOT NULL,
	"max_songs" integer DEFAULT 50 NOT NULL,
	"collaborative_mode" text DEFAULT 'democratic' NOT NULL,
	"thumbnail_url" text,
	"gradient" text DEFAULT 'from-blue-500 to-purple-600' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlists_name_length" CHECK (char_length("community_playlists"."name") between 1 and 100),
	CONSTRAINT "playlists_description_length" CHECK ("community_playlists"."description" is null or char_length("community_playlists"."description") <= 500),
	CONSTRAINT "playlists_threshold_range" CHECK ("community_playlists"."vote_threshold" between 1 and 20),
	CONSTRAINT "playlists_max_songs_range" CHECK ("community_playlists"."max_songs" between 10 and 200 and "community_playlists"."max_songs" % 10 = 0),
	CONSTRAINT "playlists_mode_check" CHECK ("community_playlists"."collaborative_mode" in ('democratic', 'moderated', 'open'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"song_id" integer NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_size_positive" CHECK ("files"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sender_id" text NOT NULL,
	"receiver_id" text,
	"venue_id" integer,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'private' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_type_check" CHECK ("messages"."message_type" in ('private', 'global', 'venue')),
	CONSTRAINT "messages_content_length" CHECK (char_length("messages"."content") between 1 and 2000),
	CONSTRAINT "messages_target_check" CHECK (("messages"."message_type" = 'private' and "messages"."receiver_id" is not null and "messages"."venue_id" is null)
       or ("messages"."message_type" = 'global' and "messages"."receiver_id" is null and "messages"."venue_id" is null)
       or ("messages"."message_type" = 'venue' and "messages"."receiver_id" is null and "messages"."venue_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "mix_songs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mix_songs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mix_id" integer NOT NULL,
	"song_id" integer NOT NULL,
	"position" integer NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"recorded_on" date NOT NULL,
	CONSTRAINT "mix_songs_position_positive" CHECK ("mix_songs"."position" > 0)
);
--> statement-breakpoint
CREATE TABLE "mixes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mixes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"venue_id" integer,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mixes_venue_key" UNIQUE NULLS NOT DISTINCT("venue_id")
);
--> statement-breakpoint
CREATE TABLE "oidc_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oidc_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "online_users" (
	"socket_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"venue_id" integer,
	"last_activity" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_credentials" (
	"user_id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "songs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"genre" text,
	"youtube_url" text,
	"youtube_id" text,
	"pdf_url" text,
	"thumbnail_url" text,
	"duration" integer,
	"uploader_id" text NOT NULL,
	"venue_id" integer,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "songs_title_length" CHECK (char_length("songs"."title") between 1 and 200),
	CONSTRAINT "songs_artist_length" CHECK (char_length("songs"."artist") between 1 and 200),
	CONSTRAINT "songs_youtube_id_format" CHECK ("songs"."youtube_id" is null or "songs"."youtube_id" ~ '^[A-Za-z0-9_-]{11}$'),
	CONSTRAINT "songs_duration_range" CHECK ("songs"."duration" is null or "songs"."duration" between 0 and 86400),
	CONSTRAINT "songs_has_media" CHECK ("songs"."youtube_id" is not null or "songs"."pdf_url" is not null)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"is_online" boolean DEFAULT false NOT NULL,
	"last_seen" timestamp with time zone,
	"current_venue_id" integer,
	"current_mood" text,
	"mood_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_length" CHECK ("users"."email" is null or char_length("users"."email") <= 254)
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"location" text NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"owner_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"gradient" text DEFAULT 'from-purple-500 to-pink-500' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_type_check" CHECK ("venues"."type" in ('bar', 'club', 'restaurant', 'cafe', 'lounge', 'pub', 'music_venue', 'other')),
	CONSTRAINT "venues_name_length" CHECK (char_length("venues"."name") between 1 and 100),
	CONSTRAINT "venues_location_length" CHECK (char_length("venues"."location") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "vote_tallies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vote_tallies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"song_id" integer NOT NULL,
	"venue_id" integer,
	"slot" smallint DEFAULT 0 NOT NULL,
	"up_votes" integer DEFAULT 0 NOT NULL,
	"down_votes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vote_tallies_song_context_slot_key" UNIQUE NULLS NOT DISTINCT("song_id","venue_id","slot"),
	CONSTRAINT "vote_tallies_non_negative" CHECK ("vote_tallies"."up_votes" >= 0 and "vote_tallies"."down_votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"song_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"venue_id" integer,
	"vote_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_user_song_context_key" UNIQUE NULLS NOT DISTINCT("user_id","song_id","venue_id"),
	CONSTRAINT "votes_type_check" CHECK ("votes"."vote_type" in ('up', 'down'))
);
--> statement-breakpoint
ALTER TABLE "ai_chats" ADD CONSTRAINT "ai_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlist_members" ADD CONSTRAINT "community_playlist_members_playlist_id_community_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."community_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlist_members" ADD CONSTRAINT "community_playlist_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlist_songs" ADD CONSTRAINT "community_playlist_songs_playlist_id_community_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."community_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlist_songs" ADD CONSTRAINT "community_playlist_songs_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlist_songs" ADD CONSTRAINT "community_playlist_songs_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlist_votes" ADD CONSTRAINT "community_playlist_votes_playlist_song_id_community_playlist_songs_id_fk" FOREIGN KEY ("playlist_song_id") REFERENCES "public"."community_playlist_songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlist_votes" ADD CONSTRAINT "community_playlist_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlists" ADD CONSTRAINT "community_playlists_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_playlists" ADD CONSTRAINT "community_playlists_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mix_songs" ADD CONSTRAINT "mix_songs_mix_id_mixes_id_fk" FOREIGN KEY ("mix_id") REFERENCES "public"."mixes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mix_songs" ADD CONSTRAINT "mix_songs_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mixes" ADD CONSTRAINT "mixes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_identities" ADD CONSTRAINT "oidc_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_users" ADD CONSTRAINT "online_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_users" ADD CONSTRAINT "online_users_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_credentials" ADD CONSTRAINT "password_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_venue_id_venues_id_fk" FOREIGN KEY ("current_venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_tallies" ADD CONSTRAINT "vote_tallies_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_tallies" ADD CONSTRAINT "vote_tallies_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_chats_user_idx" ON "ai_chats" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_members_playlist_user_key" ON "community_playlist_members" USING btree ("playlist_id","user_id");--> statement-breakpoint
CREATE INDEX "playlist_members_user_idx" ON "community_playlist_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_songs_live_key" ON "community_playlist_songs" USING btree ("playlist_id","song_id") WHERE "community_playlist_songs"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_songs_position_key" ON "community_playlist_songs" USING btree ("playlist_id","position") WHERE "community_playlist_songs"."position" is not null;--> statement-breakpoint
CREATE INDEX "playlist_songs_playlist_idx" ON "community_playlist_songs" USING btree ("playlist_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_votes_song_user_key" ON "community_playlist_votes" USING btree ("playlist_song_id","user_id");--> statement-breakpoint
CREATE INDEX "playlists_active_updated_idx" ON "community_playlists" USING btree ("is_active","updated_at");--> statement-breakpoint
CREATE INDEX "playlists_creator_idx" ON "community_playlists" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_song_key" ON "files" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "messages_global_idx" ON "messages" USING btree ("message_type","id");--> statement-breakpoint
CREATE INDEX "messages_venue_idx" ON "messages" USING btree ("venue_id","id");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","id");--> statement-breakpoint
CREATE INDEX "messages_receiver_idx" ON "messages" USING btree ("receiver_id","is_read","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mix_songs_mix_day_song_key" ON "mix_songs" USING btree ("mix_id","recorded_on","song_id");--> statement-breakpoint
CREATE INDEX "oidc_identities_user_idx" ON "oidc_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "online_users_user_idx" ON "online_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "online_users_activity_idx" ON "online_users" USING btree ("last_activity");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "songs_created_idx" ON "songs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "songs_uploader_idx" ON "songs" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "songs_venue_idx" ON "songs" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "venues_owner_idx" ON "venues" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "venues_active_created_idx" ON "venues" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "vote_tallies_venue_idx" ON "vote_tallies" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "votes_song_context_idx" ON "votes" USING btree ("song_id","venue_id");