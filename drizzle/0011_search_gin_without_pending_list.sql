-- Search's full-text indexes without a pending list (ADR 037). With GIN's fast update, new rows wait in an unsorted
-- list (up to gin_pending_list_limit, 4 MB) that every search reads in full until a vacuum or a full list merges it:
-- after 100,000 uploads, 489 pages, ~5 ms of every full-text read, of which a search makes several. Songs arrive one
-- upload at a time; searches are many. Each new row now goes straight into the index, and the list there is now is
-- merged once.
ALTER INDEX songs_fts_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX songs_artist_fts_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('songs_fts_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('songs_artist_fts_idx'::regclass);
