-- Search (ADR 005): trigram similarity for typos and partial words, 'simple' full-text for word prefixes.
-- Accents are folded by crowdmix_search_norm (translate + lower) because PGlite has no unaccent; the indexes are
-- on the same expression the queries use, so that the planner can use them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crowdmix_search_norm(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate(t,
    'áàâäãåāÁÀÂÄÃÅĀéèêëēÉÈÊËĒíìîïÍÌÎÏóòôöõøōÓÒÔÖÕØŌúùûüÚÙÛÜýÿÝçÇñÑ',
    'aaaaaaaaaaaaaaeeeeeeeeeeiiiiiiiioooooooooooooouuuuuuuuyyyccnn')) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_title_trgm_idx ON songs USING gin (crowdmix_search_norm(title) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_artist_trgm_idx ON songs USING gin (crowdmix_search_norm(artist) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_genre_trgm_idx ON songs USING gin (crowdmix_search_norm(genre) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_fts_idx ON songs USING gin (to_tsvector('simple', crowdmix_search_norm(title || ' ' || artist || ' ' || coalesce(genre, ''))));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_artist_fts_idx ON songs USING gin (to_tsvector('simple', crowdmix_search_norm(artist)));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS venues_name_trgm_idx ON venues USING gin (crowdmix_search_norm(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS venues_location_trgm_idx ON venues USING gin (crowdmix_search_norm(location) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS venues_fts_idx ON venues USING gin (to_tsvector('simple', crowdmix_search_norm(name || ' ' || location || ' ' || type)));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS playlists_name_trgm_idx ON community_playlists USING gin (crowdmix_search_norm(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS playlists_fts_idx ON community_playlists USING gin (to_tsvector('simple', crowdmix_search_norm(name || ' ' || coalesce(description, ''))));
