-- Search's word list (issue 19, ADR 026): the distinct normalised words of public songs' titles, artists and genres,
-- with how many public songs have each. A query word that is no word of the list is corrected to its nearest
-- words by trigram distance on this small table (KNN on its GiST index), and the song candidates then come from the
-- full-text index with the corrected words, instead of a trigram KNN over a million whole titles.
-- The words are the lexemes of the full-text document the songs_fts_idx indexes (the same parser), without
-- numbers (every song of a big catalogue may carry its own). Private songs contribute nothing: no correction or
-- count can reveal a private song's words to anyone.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"songs" integer NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crowdmix_song_words(title text, artist text, genre text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple',
    crowdmix_search_norm(title || ' ' || artist || ' ' || coalesce(genre, ''))))) AS w WHERE w !~ '^[0-9]+$' $$;
--> statement-breakpoint
-- Adds `ns[i]` (negative: removes) to the count of `ws[i]`; a word whose count reaches 0 leaves the list. Rows are
-- written in word order, so that two statements changing the same words lock them in the same order (no deadlock).
CREATE OR REPLACE FUNCTION crowdmix_search_words_add(ws text[], ns integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  gone text[];
BEGIN
  IF ws IS NULL THEN
    RETURN;
  END IF;
  WITH written AS (
    INSERT INTO search_words AS s (word, songs)
    SELECT d.w, d.n FROM unnest(ws, ns) AS d(w, n) ORDER BY d.w
    ON CONFLICT (word) DO UPDATE SET songs = s.songs + excluded.songs
    RETURNING s.word, s.songs
  )
  SELECT array_agg(word) INTO gone FROM written WHERE songs <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM search_words WHERE word = ANY (gone) AND songs <= 0;
  END IF;
END $$;
--> statement-breakpoint
-- One call per statement on songs (transition tables): a bulk insert of a million songs is one aggregate.
CREATE OR REPLACE FUNCTION crowdmix_search_words_sync() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM crowdmix_search_words_add(array_agg(d.w ORDER BY d.w), array_agg(d.n ORDER BY d.w))
    FROM (SELECT w, count(*)::int AS n FROM new_songs r, crowdmix_song_words(r.title, r.artist, r.genre) AS w
          WHERE NOT r.is_private GROUP BY w) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM crowdmix_search_words_add(array_agg(d.w ORDER BY d.w), array_agg(d.n ORDER BY d.w))
    FROM (SELECT w, -count(*)::int AS n FROM old_songs r, crowdmix_song_words(r.title, r.artist, r.genre) AS w
          WHERE NOT r.is_private GROUP BY w) d;
  ELSE
    PERFORM crowdmix_search_words_add(array_agg(d.w ORDER BY d.w), array_agg(d.n ORDER BY d.w))
    FROM (SELECT x.w, sum(x.n)::int AS n FROM (
            SELECT w, -1 AS n FROM old_songs o JOIN new_songs r ON r.id = o.id, crowdmix_song_words(o.title, o.artist, o.genre) AS w
            WHERE NOT o.is_private
              AND (o.title, o.artist, o.genre, o.is_private) IS DISTINCT FROM (r.title, r.artist, r.genre, r.is_private)
            UNION ALL
            SELECT w, 1 FROM old_songs o JOIN new_songs r ON r.id = o.id, crowdmix_song_words(r.title, r.artist, r.genre) AS w
            WHERE NOT r.is_private
              AND (o.title, o.artist, o.genre, o.is_private) IS DISTINCT FROM (r.title, r.artist, r.genre, r.is_private)
          ) x GROUP BY x.w HAVING sum(x.n) <> 0) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crowdmix_search_words_clear() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM search_words;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO search_words (word, songs)
SELECT w, count(*)::int FROM songs s, crowdmix_song_words(s.title, s.artist, s.genre) AS w WHERE NOT s.is_private GROUP BY w;
--> statement-breakpoint
-- Nearest words (KNN by trigram distance, `word <-> q`), and "is it a word, or the start of one" (byte order).
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_prefix_idx ON search_words (word text_pattern_ops);
--> statement-breakpoint
CREATE TRIGGER songs_search_words_insert AFTER INSERT ON songs REFERENCING NEW TABLE AS new_songs
  FOR EACH STATEMENT EXECUTE FUNCTION crowdmix_search_words_sync();
--> statement-breakpoint
CREATE TRIGGER songs_search_words_update AFTER UPDATE ON songs REFERENCING OLD TABLE AS old_songs NEW TABLE AS new_songs
  FOR EACH STATEMENT EXECUTE FUNCTION crowdmix_search_words_sync();
--> statement-breakpoint
CREATE TRIGGER songs_search_words_delete AFTER DELETE ON songs REFERENCING OLD TABLE AS old_songs
  FOR EACH STATEMENT EXECUTE FUNCTION crowdmix_search_words_sync();
--> statement-breakpoint
CREATE TRIGGER songs_search_words_truncate AFTER TRUNCATE ON songs
  FOR EACH STATEMENT EXECUTE FUNCTION crowdmix_search_words_clear();
--> statement-breakpoint
-- Also while session_replication_role = replica (bulk loads that skip the foreign-key triggers): the list must
-- follow every change to songs.
ALTER TABLE songs ENABLE ALWAYS TRIGGER songs_search_words_insert;
--> statement-breakpoint
ALTER TABLE songs ENABLE ALWAYS TRIGGER songs_search_words_update;
--> statement-breakpoint
ALTER TABLE songs ENABLE ALWAYS TRIGGER songs_search_words_delete;
--> statement-breakpoint
ALTER TABLE songs ENABLE ALWAYS TRIGGER songs_search_words_truncate;
