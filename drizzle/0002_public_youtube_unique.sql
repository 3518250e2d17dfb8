-- A video is on CrowdMix once (issue 13, finding 10): at most one PUBLIC song per YouTube id, enforced by a
-- partial unique index. Public duplicates already in the database are merged into the song that stays, the
-- oldest public upload of the video (docs/decisions/013-playlist-permission-flags.md, "Duplicate videos"):
--   * it takes the venue of its oldest duplicate that has one, when it has none itself;
--   * each vote moves to it unless the voter already has a vote on it in that context (that vote stands) or the
--     vote was cast in a venue whose mix it is not in; every tally is then recounted from the vote rows;
--   * playlist entries move to it unless the playlist already holds it (then the duplicate's entry goes);
--   * each duplicate stays with its uploader as a private copy (private copies are allowed), so no upload is lost.
CREATE TEMP TABLE crowdmix_song_merge AS
SELECT d.id AS dup_id, k.id AS keep_id
FROM songs d
JOIN LATERAL (
  SELECT s.id FROM songs s
  WHERE s.youtube_id = d.youtube_id AND s.is_private = false
  ORDER BY s.created_at, s.id
  LIMIT 1
) k ON k.id <> d.id
WHERE d.is_private = false AND d.youtube_id IS NOT NULL;
--> statement-breakpoint
UPDATE songs k SET venue_id = (
  SELECT d.venue_id FROM crowdmix_song_merge m JOIN songs d ON d.id = m.dup_id
  WHERE m.keep_id = k.id AND d.venue_id IS NOT NULL
  ORDER BY d.created_at, d.id
  LIMIT 1
)
WHERE k.venue_id IS NULL
  AND EXISTS (
    SELECT 1 FROM crowdmix_song_merge m JOIN songs d ON d.id = m.dup_id
    WHERE m.keep_id = k.id AND d.venue_id IS NOT NULL
  );
--> statement-breakpoint
UPDATE votes v SET song_id = m.keep_id
FROM crowdmix_song_merge m, songs k
WHERE v.song_id = m.dup_id
  AND k.id = m.keep_id
  AND (v.venue_id IS NULL OR v.venue_id = k.venue_id)
  AND NOT EXISTS (
    SELECT 1 FROM votes o
    WHERE o.song_id = m.keep_id AND o.user_id = v.user_id AND o.venue_id IS NOT DISTINCT FROM v.venue_id
  )
  -- One voter with votes on two duplicates (and none on the song kept): the earlier vote moves.
  AND v.id = (
    SELECT min(x.id) FROM votes x JOIN crowdmix_song_merge mx ON mx.dup_id = x.song_id
    WHERE mx.keep_id = m.keep_id AND x.user_id = v.user_id AND x.venue_id IS NOT DISTINCT FROM v.venue_id
  );
--> statement-breakpoint
DELETE FROM votes WHERE song_id IN (SELECT dup_id FROM crowdmix_song_merge);
--> statement-breakpoint
DELETE FROM vote_tallies
WHERE song_id IN (SELECT dup_id FROM crowdmix_song_merge UNION SELECT keep_id FROM crowdmix_song_merge);
--> statement-breakpoint
INSERT INTO vote_tallies (song_id, venue_id, slot, up_votes, down_votes)
SELECT song_id, venue_id, 0,
  count(*) FILTER (WHERE vote_type = 'up'),
  count(*) FILTER (WHERE vote_type = 'down')
FROM votes
WHERE song_id IN (SELECT keep_id FROM crowdmix_song_merge)
GROUP BY song_id, venue_id;
--> statement-breakpoint
UPDATE community_playlist_songs e SET song_id = m.keep_id
FROM crowdmix_song_merge m
WHERE e.song_id = m.dup_id
  AND (
    e.status NOT IN ('pending', 'approved')
    OR (
      NOT EXISTS (
        SELECT 1 FROM community_playlist_songs o
        WHERE o.playlist_id = e.playlist_id AND o.song_id = m.keep_id AND o.status IN ('pending', 'approved')
      )
      AND e.id = (
        SELECT min(x.id) FROM community_playlist_songs x JOIN crowdmix_song_merge mx ON mx.dup_id = x.song_id
        WHERE mx.keep_id = m.keep_id AND x.playlist_id = e.playlist_id AND x.status IN ('pending', 'approved')
      )
    )
  );
--> statement-breakpoint
DELETE FROM community_playlist_songs WHERE song_id IN (SELECT dup_id FROM crowdmix_song_merge);
--> statement-breakpoint
DELETE FROM mix_songs WHERE song_id IN (SELECT dup_id FROM crowdmix_song_merge);
--> statement-breakpoint
UPDATE songs SET is_private = true WHERE id IN (SELECT dup_id FROM crowdmix_song_merge);
--> statement-breakpoint
DROP TABLE crowdmix_song_merge;
--> statement-breakpoint
CREATE UNIQUE INDEX "songs_public_youtube_key" ON "songs" USING btree ("youtube_id") WHERE "songs"."is_private" = false and "songs"."youtube_id" is not null;
