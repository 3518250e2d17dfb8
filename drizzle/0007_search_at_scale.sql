-- Search at scale (issue 19, ADR 021): songs are searched in two phases; the first reads a bounded number of
-- candidates through these indexes only, cheapest first: B-trees on the normalised title, artist and genre for
-- exact and starts-with matches, the existing full-text GIN, then trigram GiST indexes whose KNN ordering
-- (`q <<-> field`, word-similarity distance) yields the nearest titles, artists and genres first (typos) without
-- visiting every match. The GIN trigram indexes they replace could only answer "every match", so they go.
-- siglen=64: the default 12-byte signature saturates on whole titles, and KNN scans then visit more pages.
DROP INDEX IF EXISTS songs_title_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS songs_artist_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS songs_genre_trgm_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_title_trgm_gist_idx ON songs USING gist (crowdmix_search_norm(title) gist_trgm_ops(siglen=64));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_artist_trgm_gist_idx ON songs USING gist (crowdmix_search_norm(artist) gist_trgm_ops(siglen=64));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_genre_trgm_gist_idx ON songs USING gist (crowdmix_search_norm(genre) gist_trgm_ops(siglen=64));
--> statement-breakpoint
-- Exact and starts-with matches on the normalised fields (text_pattern_ops: byte order, whatever the collation).
-- The artist one carries what the artist group reads (the name, visibility), so that counting an artist's songs
-- is an index-only scan.
CREATE INDEX IF NOT EXISTS songs_title_norm_idx ON songs (crowdmix_search_norm(title) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_artist_norm_idx ON songs (crowdmix_search_norm(artist) text_pattern_ops) INCLUDE (artist, is_private, uploader_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS songs_genre_norm_idx ON songs (crowdmix_search_norm(genre) text_pattern_ops);
