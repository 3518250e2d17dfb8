// The quality bar's data set, generated inside the database with set-based SQL (generate_series), so that a
// million votes load in seconds rather than minutes. Works unchanged on PostgreSQL and PGlite.

/** Sizes of the full run and of `--quick`; each can be overridden (BENCH_SONGS=… or --songs=…). */
export const FULL_SIZES = {
  songs: 10_000,
  votes: 1_000_000,
  users: 1_000,
  venues: 50,
  messages: 100_000,
  voters: 20_000,
};
/** The community-sized data set of `npm run bench -- --scale` (issue 19). */
export const SCALE_SIZES = {
  songs: 1_000_000,
  votes: 10_000_000,
  users: 100_000,
  venues: 1_000,
  messages: 1_000_000,
  voters: 20_000,
  searchTitles: true,
};
export const QUICK_SIZES = { songs: 1_000, votes: 50_000, users: 200, venues: 10, messages: 5_000, voters: 5_000 };

/** The session cookie token of a data-set user (`u<n>`) or bench voter (`v<n>`). */
export const tokenFor = (userId) => `bench-token-${userId}`;

const base64urlSha256 = (expr) =>
  `translate(rtrim(encode(sha256(convert_to(${expr}, 'UTF8')), 'base64'), '='), '+/', '-_')`;

/**
 * The statements that fill an empty, migrated database. `s.searchTitles`: songs titled as the search data set's
 * (the community-sized data set, whose million songs are also the search catalogue).
 */
export function dataStatements(s) {
  const perUser = Math.ceil(s.votes / s.users);
  if (perUser > s.songs) throw new Error('more votes than (user, song) pairs');
  return [
    // The rows are consistent by construction: skipping the foreign-key triggers for the bulk load saves a million
    // trigger calls (minutes on PGlite). Reset at the end.
    `set session_replication_role = replica`,
    // Data-set users u1..uN, then the voters the write benchmarks sign in as (they start without votes).
    `insert into users (id, email, first_name, last_name, created_at)
       select 'u' || g, 'bench-user-' || g || '@bench.local', 'User', 'No. ' || g, now() - (g || ' minutes')::interval
       from generate_series(1, ${s.users}) g`,
    `insert into users (id, email, first_name, last_name)
       select 'v' || g, 'bench-voter-' || g || '@bench.local', 'Voter', 'No. ' || g from generate_series(1, ${s.voters}) g`,
    `insert into sessions (sid, sess, expire)
       select ${base64urlSha256(`'bench-token-' || id`)}, jsonb_build_object('userId', id, 'createdAt', now()::text), now() + interval '30 days'
       from users`,
    `insert into venues (id, name, description, location, type, owner_id)
       overriding system value
       select g, 'Venue ' || g, 'Live music every night at venue ' || g, 'City ' || (g % 7), (array['bar','club','lounge','pub','cafe'])[1 + g % 5], 'u' || (1 + g % ${s.users})
       from generate_series(1, ${s.venues}) g`,
    `insert into songs (id, title, artist, genre, youtube_url, youtube_id, thumbnail_url, duration, uploader_id, venue_id, created_at)
       overriding system value
       select g, ${s.searchTitles ? searchTitle('g') : `'Song number ' || g`}, 'Artist ' || (g % ${s.searchTitles ? 2000 : 500}), (array['Pop','Rock','Jazz','Electronic','Hip Hop','Classical','Indie','Soul'])[1 + g % 8],
              'https://www.youtube.com/watch?v=' || 'bm' || lpad(g::text, 9, '0'), 'bm' || lpad(g::text, 9, '0'),
              'https://i.ytimg.com/vi/bm' || lpad(g::text, 9, '0') || '/hqdefault.jpg', 150 + g % 150, 'u' || (1 + g % ${s.users}),
              case when g % 5 = 0 then 1 + (g / 5) % ${s.venues} end, now() - (g || ' minutes')::interval
       from generate_series(1, ${s.songs}) g`,
    // Each user votes on `perUser` distinct songs; songs in a venue get some of their votes in that venue.
    `insert into votes (user_id, song_id, venue_id, vote_type, created_at)
       select 'u' || u, x.song, case when x.song % 5 = 0 and (u + k) % 2 = 0 then 1 + (x.song / 5) % ${s.venues} end,
              case when (u * 31 + k * 17) % 10 < 7 then 'up' else 'down' end, now() - (((u * k) % 10000) || ' minutes')::interval
       from generate_series(1, ${s.users}) u, generate_series(0, ${perUser - 1}) k,
            lateral (select 1 + (u * 37 + k) % ${s.songs} as song) x
       where (u - 1) * ${perUser} + k < ${s.votes}`,
    // Folded (ADR 029): clean slots and their totals, as the app's fold leaves them.
    `insert into vote_tallies (song_id, venue_id, slot, up_votes, down_votes, dirty)
       select song_id, venue_id, 0, count(*) filter (where vote_type = 'up'), count(*) filter (where vote_type = 'down'), false
       from votes group by song_id, venue_id`,
    `insert into vote_totals (song_id, venue_id, up_votes, down_votes, created_ms)
       select t.song_id, t.venue_id, t.up_votes, t.down_votes, floor(extract(epoch from s.created_at) * 1000)::float8
       from vote_tallies t join songs s on s.id = t.song_id`,
    `insert into messages (sender_id, venue_id, content, message_type, created_at)
       select 'u' || (1 + g % ${s.users}), case when g % 5 = 0 then 1 + g % ${s.venues} end, 'Chat line number ' || g || ' — what a tune!',
              case when g % 5 = 0 then 'venue' else 'global' end, now() - ((${s.messages} - g) || ' seconds')::interval
       from generate_series(1, ${s.messages}) g`,
    `select setval(pg_get_serial_sequence('songs', 'id'), (select max(id) from songs))`,
    `select setval(pg_get_serial_sequence('venues', 'id'), (select max(id) from venues))`,
    `set session_replication_role = origin`,
    `analyze`,
  ];
}

/** The rare words of the search data set: each is in 1 title in 10,000 (100 songs at 1,000,000). */
export const RARE_WORDS = [
  'Aurora',
  'Bayou',
  'Cobalt',
  'Dynamo',
  'Ember',
  'Fjord',
  'Glacier',
  'Harbor',
  'Ivory',
  'Jasmine',
];

/**
 * The search data set's title of song `g`: two common words (each first word on 1 song in 8, each pair on 1 in
 * 64), a rare word on 1 song in 1,000, and the song's number.
 */
const searchTitle = (
  g,
) => `(array['Midnight','Summer','Electric','Golden','Broken','Neon','Velvet','Silent'])[1 + ${g} % 8] || ' ' ||
                 (array['Dreams','Highway','Heart','Rain','Lights','Echoes','Fire','Waves'])[1 + (${g} / 8) % 8] || ' ' ||
                 case when ${g} % 1000 = 0 then (array[${RARE_WORDS.map((w) => `'${w}'`).join(',')}])[1 + (${g} / 1000) % 10] || ' ' else '' end || ${g}`;

/** Extra public songs for the search scenario (ids after the data set's songs), titled as `searchTitle`. */
export function extraSongStatements(from, to, users) {
  return [
    `insert into songs (id, title, artist, genre, youtube_url, youtube_id, duration, uploader_id, created_at)
       overriding system value
       select g, ${searchTitle('g')},
              'Artist ' || (g % 2000), 'Pop', 'https://www.youtube.com/watch?v=bm' || lpad(g::text, 9, '0'), 'bm' || lpad(g::text, 9, '0'),
              200, 'u' || (1 + g % ${users}), now() - (g || ' seconds')::interval
       from generate_series(${from}, ${to}) g`,
    `select setval(pg_get_serial_sequence('songs', 'id'), (select max(id) from songs))`,
    `analyze songs`,
  ];
}

/** Tallies that differ from their vote rows (should be none): (song, venue) pairs where the sums disagree. */
export const TALLY_MISMATCH_SQL = `
  select count(*)::int as n from (
    select song_id, venue_id, sum(up_votes) as up, sum(down_votes) as down from vote_tallies group by song_id, venue_id
  ) t full join (
    select song_id, venue_id, count(*) filter (where vote_type = 'up') as up, count(*) filter (where vote_type = 'down') as down
    from votes group by song_id, venue_id
  ) v on v.song_id = t.song_id and v.venue_id is not distinct from t.venue_id
  where coalesce(t.up, 0) <> coalesce(v.up, 0) or coalesce(t.down, 0) <> coalesce(v.down, 0)`;
