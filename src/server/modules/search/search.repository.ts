/**
 * Search SQL (ADR 008; at scale, ADR 021). Songs and artists are searched in two phases, so that a common word on
 * a million songs costs about what a rare one does:
 * 1. Candidates: at most `SEARCH_CANDIDATES` song rows, from sources read in order, each an index read with a
 *    LIMIT, cheapest first: exact title / artist / genre and titles / artists starting with the query (B-trees
 *    of migration 0007), the full-text prefix query (GIN), the same index with the typos corrected (the expanded
 *    query of `correctWords`, ADR 026), then the nearest titles, artists and genres by trigram word-similarity
 *    distance within the match threshold (`q <<-> field`, KNN on the GiST indexes). The sources
 *    are one `union all` under one LIMIT: once the cheap sources have filled it, the later ones are not run.
 *    That loses nothing that would rank: every song the cheap sources bring matches the full-text query, and
 *    a song only the KNN finds scores at most 1 (no full-text bonus), below them. The viewer's visibility rule
 *    is inside every source, so a private song never takes a candidate's place.
 * 2. Scoring: the match rules and the relevance score below, on the candidates only; then popularity. A song
 *    matches the text by trigram word similarity or the full-text query, or the expanded query of corrected typos.
 * Relevance: the best word similarity of the query to a field, plus a bonus when every query word prefix-matches
 * and when a field equals the query; rounded, so that popularity orders near-equal matches.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { uploaderNameSql } from '../songs/songs.presenter';
import type { DbOrTx } from '../../db/client';
import {
  communityPlaylistMembers,
  communityPlaylists,
  communityPlaylistSongs,
  songs,
  users,
  venues,
  voteTallies,
  votes,
} from '../../db/schema';
import type { VoteType } from '../../../shared/constants';

/** A playlist as a list entry: the row, its creator's name, members and approved songs (playlists.presenter's input). */
const listColumns = {
  playlist: communityPlaylists,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  memberCount: sql<number>`(select count(*)::int from ${communityPlaylistMembers} m where m.playlist_id = ${communityPlaylists.id})`,
  songCount: sql<number>`(select count(*)::int from ${communityPlaylistSongs} s where s.playlist_id = ${communityPlaylists.id} and s.status = 'approved')`,
};

/**
 * The query as SQL needs it: the raw text, its words, the prefix tsquery ('' when the text has no words) and,
 * once `correctWords` found typos, the expanded tsquery in which each corrected word may also be one of its nearest
 * words of the list ('' when nothing was corrected).
 */
export interface SearchTerms {
  text: string;
  words: string[];
  tsquery: string;
  expanded: string;
  /** The text with each corrected word replaced by its nearest word ('' when nothing was corrected). */
  correctedText: string;
  /**
   * The expanded query with each corrected word replaced by its alternatives alone, `(alternative | …) & word:* & …`
   * ('' when nothing was corrected): what the expanded query adds to the original one for public songs, since a
   * corrected word is neither a word of a public song nor the start of one.
   */
  replaced: string;
  /**
   * Whether a song holding the corrections matches by that alone (the expanded query is a match rule): always for
   * two or more words; for a single word, when its corrections are one edit away from it (ADR 037).
   */
  expandedMatches: boolean;
}

/** What `correctWords` adds to the terms: the same for every viewer, so the answer cache keeps it with the answer. */
export type Corrections = Pick<SearchTerms, 'expanded' | 'replaced' | 'correctedText' | 'expandedMatches'>;
export const NO_CORRECTIONS: Corrections = { expanded: '', replaced: '', correctedText: '', expandedMatches: false };

const norm = (col: SQL | unknown) => sql`crowdmix_search_norm(${col})`;

/** Builds the prefix tsquery `word:* & word:*` from letters and digits only, so that no tsquery syntax gets through. */
export function searchTerms(q: string): SearchTerms {
  const words = q
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
  return { text: q, words, tsquery: words.map((w) => `${w}:*`).join(' & '), ...NO_CORRECTIONS };
}

/** A query word and the nearest words of the list it may also be (none: the word is known, or nothing is near). */
export interface WordCorrection {
  word: string;
  alternatives: string[];
}

/** How many nearest words a typo may stand for. */
export const WORD_ALTERNATIVES = 3;
/** Only words of letters and digits are offered: they go into a tsquery. */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;
/** A single word this long or longer is corrected to the words one edit away from it (ADR 037). */
export const ONE_EDIT_MIN_LENGTH = 4;
/** In a text of several words, where the other words narrow the matches, from three letters ("electric rin"). */
export const ONE_EDIT_MIN_LENGTH_IN_TEXT = 3;
/** How many nearest words of the list are looked at for each query word. */
const NEAREST_WORDS = 10;

/**
 * Typo correction (ADR 026), one read of the word list (`search_words`: the words of public songs only). A query
 * word that is a word of the list, or the start of one (being typed), or a number, stays as it is; any other word
 * gets its nearest words by trigram distance within pg_trgm's similarity threshold (`%`, KNN on the list's GiST
 * index) or one edit away from it (three letters or more, ADR 037: "electric rin" → "rain"), at most
 * `WORD_ALTERNATIVES`, the commoner first among equally near ones. Returns the terms with
 * `expanded` set: `(word:* | alternative | …) & …`, which matches all the original query does and more.
 *
 * A single word (ADR 037) is corrected to the nearest words one edit away from it (a letter missing, added, changed,
 * or two letters swapped: "glden", "silnt", "mornign"), and songs holding those match it, as in any music app; when
 * none is one edit away, only to words within the trigram match threshold of it, whose songs the match rule takes
 * by trigram similarity (a farther correction could only bring rows that rule rejects, after reading them all).
 */
export async function correctWords(
  db: DbOrTx,
  t: SearchTerms,
): Promise<{ terms: SearchTerms; words: WordCorrection[]; corrected: boolean }> {
  if (!t.words.length) return { terms: t, words: [], corrected: false };
  const single = t.words.length === 1;
  // The nearest words of the list by trigram distance (KNN on its GiST index, no threshold: a swap of two letters,
  // "slient", shares few trigrams with "silent"), each with whether it is within the similarity threshold (`%`) and
  // within the match threshold of the query word.
  const result = (await db.execute(sql`
    select q.i, q.w as word, n.word as near, n.word % q.w as similar,
      word_similarity(q.w, n.word) >= current_setting('pg_trgm.word_similarity_threshold')::real as within
    from unnest(string_to_array(${t.words.join(' ')}::text, ' ')) with ordinality as q(w, i)
    left join lateral unnest(case when q.w ~ '^[0-9]+$' or exists (
          select 1 from search_words s where s.word ~>=~ q.w and s.word ~<~ (q.w || chr(1114111)))
        then array[]::text[]
        else array(select s.word from search_words s order by s.word <-> q.w, s.songs desc, s.word limit ${NEAREST_WORDS})
      end) with ordinality as n(word, k) on true
    order by q.i, n.k`)) as unknown as {
    rows: Array<{
      i: number | string;
      word: string;
      near: string | null;
      similar: boolean | null;
      within: boolean | null;
    }>;
  };
  const byWord = new Map<string, { word: string; near: Array<{ word: string; similar: boolean; within: boolean }> }>();
  for (const r of result.rows) {
    const entry = byWord.get(String(r.i)) ?? { word: r.word, near: [] };
    byWord.set(String(r.i), entry);
    if (r.near !== null && PLAIN_WORD.test(r.near))
      entry.near.push({ word: r.near, similar: Boolean(r.similar), within: Boolean(r.within) });
  }
  let expandedMatches = !single;
  const words = [...byWord.values()].map(({ word, near }) => {
    const similar = near.filter((n) => n.similar);
    if (!single) {
      // Beside the similar words, those one edit away: a short word shares few trigrams ("rin" / "rain": 0.29).
      const alike = near.filter(
        (n) => n.similar || (word.length >= ONE_EDIT_MIN_LENGTH_IN_TEXT && withinOneEdit(word, n.word)),
      );
      return { word, alternatives: alike.slice(0, WORD_ALTERNATIVES).map((n) => n.word) };
    }
    const oneEdit = word.length >= ONE_EDIT_MIN_LENGTH ? near.filter((n) => withinOneEdit(word, n.word)) : [];
    if (oneEdit.length) expandedMatches = true;
    const alternatives = oneEdit.length ? oneEdit : similar.filter((n) => n.within);
    return { word, alternatives: alternatives.slice(0, WORD_ALTERNATIVES).map((n) => n.word) };
  });
  const corrected = words.some((w) => w.alternatives.length > 0);
  if (!corrected) return { terms: t, words, corrected };
  const query = (withTypo: boolean) =>
    words
      .map((w) =>
        w.alternatives.length
          ? `(${[...(withTypo ? [`${w.word}:*`] : []), ...w.alternatives].join(' | ')})`
          : `${w.word}:*`,
      )
      .join(' & ');
  const correctedText = words.map((w) => w.alternatives[0] ?? w.word).join(' ');
  return {
    terms: { ...t, expanded: query(true), replaced: query(false), correctedText, expandedMatches },
    words,
    corrected,
  };
}

/**
 * True when `b` is `a` with one letter missing, added or changed, or two neighbouring letters swapped (the optimal
 * string alignment distance is at most 1). Linear: both words are walked once from each end.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  let j = 0;
  while (j < x.length - i && j < y.length - i && x[x.length - 1 - j] === y[y.length - 1 - j]) j++;
  // What is left between the common start and the common end: at most one letter on each side, or a swapped pair.
  const restX = x.length - i - j;
  const restY = y.length - i - j;
  if (restX <= 1 && restY <= 1) return true;
  return restX === 2 && restY === 2 && x[i] === y[i + 1] && x[i + 1] === y[i];
}

function matcher(t: SearchTerms) {
  const nq = sql`crowdmix_search_norm(${t.text}::text)`;
  const tsq = sql`to_tsquery('simple', ${t.tsquery}::text)`;
  const fts = (doc: SQL) => (t.tsquery ? sql`to_tsvector('simple', ${norm(doc)}) @@ ${tsq}` : sql`false`);
  // Corrected typos (ADR 026, 037): in a text of two or more words, a song that has every word or one of its
  // corrections matches (words spread over title and artist too); so does a song holding a correction one edit away
  // from a single word ("glden" → "golden"). No full-text bonus: they rank below the text's own matches. A single
  // word's farther corrections are matched by the trigram rules alone ("beatls" is not "beat it").
  const ftsExpanded = (doc: SQL) =>
    t.expanded && t.expandedMatches
      ? sql`to_tsvector('simple', ${norm(doc)}) @@ to_tsquery('simple', ${t.expanded}::text)`
      : sql`false`;
  const ftsBonus = (doc: SQL) => (t.tsquery ? sql`(case when ${fts(doc)} then 0.5 else 0 end)` : sql`0`);
  const sim = (col: unknown) => sql`coalesce(word_similarity(${nq}, ${norm(col)}), 0)`;
  const near = (col: unknown) => sql`${nq} <% ${norm(col)}`;
  const equal = (col: unknown) => sql`(case when ${norm(col)} = ${nq} then 0.5 else 0 end)`;
  return { fts, ftsExpanded, ftsBonus, sim, near, equal };
}

// Subqueries name the outer table literally: Drizzle leaves columns unqualified in a single-table select.
const songDoc = sql`${songs.title} || ' ' || ${songs.artist} || ' ' || coalesce(${songs.genre}, '')`;
const visibleSong = (viewerId: string | null) =>
  viewerId ? sql`(${songs.isPrivate} = false or ${songs.uploaderId} = ${viewerId})` : sql`${songs.isPrivate} = false`;

/** How many song rows the candidate phase reads at most (phase 1); the scoring phase sees no more. */
export const SEARCH_CANDIDATES = 100;

/** Phase-1 options: `candidates` (tests shrink it to show which source brings what). */
export interface SearchOptions {
  candidates?: number;
}

/** Starts with `prefix`, in byte order: `prefix || chr(1114111)` (the highest code point) is above all those. */
const startsWith = (field: SQL, prefix: SQL) =>
  sql`${field} ~>=~ ${prefix} and ${field} ~<~ (${prefix} || chr(1114111))`;
/** Starts with `prefix` and is longer: the starts-with source leaves out what the exact source brought. */
const extends_ = (field: SQL, prefix: SQL) => sql`${field} ~>~ ${prefix} and ${field} ~<~ (${prefix} || chr(1114111))`;
// `=` written as a range of one value: pg_trgm's GiST class also answers `=`, and the planner, taking it,
// rechecked every title sharing the query's trigrams (124,000 rows for "midnight" on 1,000,000 songs) where the
// B-tree, which alone serves the pattern operators, reads the few equal ones.
const equalTo = (field: SQL, value: SQL) => sql`${field} ~>=~ ${value} and ${field} ~<=~ ${value}`;

/**
 * A full-text source: the first `perSource` songs matching `where`, read through the full-text GIN index. Written as
 * a materialized CTE so that its plan is chosen for reading every match (a bitmap scan of the index) and still only
 * run until the LIMIT is reached: as a plain `… limit n` the planner, expecting matches spread evenly, scanned the
 * table until it found n of them, and a word that only newer songs have (or none of the first ten thousand) cost a
 * scan of most of the table — 100–130 ms on 100,000 songs for "echoes", "heat" (ADR 034).
 */
function fullTextSource(select: SQL, where: SQL, perSource: number) {
  return sql`(with m as materialized (select ${select} from songs c where ${where}) select * from m limit ${perSource})`;
}

/**
 * The corrected words' source (ADR 026): the full-text index with the corrected words replaced by their
 * alternatives (`replaced`), which brings what the expanded query adds to the original query's source (read before
 * it) without reading that source's rows again (ADR 037: a `not` of the original query cost a `to_tsvector` of every
 * row the index handed over). The viewer's own private song holding a typo as written and a correction of another
 * word is left to the later sources. When the corrections are no match by themselves (a single word's farther ones),
 * only the rows within the trigram match threshold of a field are taken (`word_similarity` as a function: a filter
 * on the full-text rows, never a trigram index scan).
 */
function expandedSource(t: SearchTerms, select: SQL, visible: SQL, doc: SQL, fields: SQL[], perSource: number) {
  return fullTextSource(
    select,
    sql`${visible} and to_tsvector('simple', ${doc}) @@ to_tsquery('simple', ${t.replaced}::text)${nearFilter(t, fields)}`,
    perSource,
  );
}

/**
 * When the corrections are no match by themselves (`expandedMatches` false: a single word's farther ones), the rows
 * a correction brings must be within the trigram match threshold of a field (`word_similarity` as a function: a
 * filter on the rows read, never a trigram index scan).
 */
function nearFilter(t: SearchTerms, fields: SQL[]) {
  if (t.expandedMatches) return sql``;
  const nq = sql`crowdmix_search_norm(${t.text}::text)`;
  const threshold = sql`current_setting('pg_trgm.word_similarity_threshold')::real`;
  return sql` and (${sql.join(
    fields.map((f) => sql`coalesce(word_similarity(${nq}, ${f}), 0) >= ${threshold}`),
    sql` or `,
  )})`;
}

/**
 * The phase-1 sources for songs (alias `c`, so that the expressions are those of the indexes), in the order they
 * are read; `select` is what each returns (the id, or the normalised artist for the artist group).
 */
function candidateSources(
  t: SearchTerms,
  viewerId: string | null,
  select: SQL,
  fields: Array<'title' | 'artist' | 'genre'>,
  perSource: number,
  fullText: SQL,
): SQL[] {
  const nq = sql`crowdmix_search_norm(${t.text}::text)`;
  const visible = viewerId ? sql`(c.is_private = false or c.uploader_id = ${viewerId})` : sql`c.is_private = false`;
  const norm = (col: string) => sql`crowdmix_search_norm(${sql.raw(`c.${col}`)})`;
  const from = (where: SQL, orderBy: SQL) =>
    sql`(select ${select} from songs c where ${visible} and ${where} order by ${orderBy} limit ${perSource})`;
  // Ordered by the B-tree, so that the planner walks it rather than scanning the table for the first rows.
  const byIndex = (f: string) => sql`${norm(f)} using ~<~`;
  const sources = [
    ...fields.map((f) => from(equalTo(norm(f), nq), byIndex(f))),
    ...fields.filter((f) => f !== 'genre').map((f) => from(extends_(norm(f), nq), byIndex(f))),
  ];
  if (t.tsquery)
    sources.push(
      fullTextSource(
        select,
        sql`${visible} and to_tsvector('simple', ${fullText}) @@ to_tsquery('simple', ${t.tsquery}::text)`,
        perSource,
      ),
    );
  if (t.correctedText) {
    // Titles and artists starting with the corrected text ("golden hart" → "golden heart"): B-tree reads, as
    // cheap as a prefix, before the full-text index has to intersect the corrected words' long lists.
    const ct = sql`${t.correctedText}::text`;
    const near = nearFilter(t, fields.map(norm));
    for (const f of fields.filter((x) => x !== 'genre'))
      sources.push(from(sql`${startsWith(norm(f), ct)}${near}`, byIndex(f)));
  }
  if (t.expanded) sources.push(expandedSource(t, select, visible, fullText, fields.map(norm), perSource));
  for (const f of fields) sources.push(from(sql`${nq} <% ${norm(f)}`, sql`${nq} <<-> ${norm(f)}`));
  return sources;
}

/** Songs by title, artist or genre; private ones only for their owner; global counts and the viewer's global vote. */
export async function searchSongs(
  db: DbOrTx,
  t: SearchTerms,
  viewerId: string | null,
  limit: number,
  opts: SearchOptions = {},
) {
  const perSource = opts.candidates ?? SEARCH_CANDIDATES;
  const doc = sql`crowdmix_search_norm(c.title || ' ' || c.artist || ' ' || coalesce(c.genre, ''))`;
  const sources = candidateSources(t, viewerId, sql`c.id`, ['title', 'artist', 'genre'], perSource, doc);
  const m = matcher(t);
  const score = sql<number>`round((greatest(${m.sim(songs.title)}, ${m.sim(songs.artist)}, 0.8 * ${m.sim(songs.genre)}) + ${m.ftsBonus(songDoc)} + greatest(${m.equal(songs.title)}, ${m.equal(songs.artist)}))::numeric, 2)`;
  const up = sql<number>`(select coalesce(sum(vt.up_votes), 0)::int from ${voteTallies} vt where vt.song_id = songs.id and vt.venue_id is null)`;
  const down = sql<number>`(select coalesce(sum(vt.down_votes), 0)::int from ${voteTallies} vt where vt.song_id = songs.id and vt.venue_id is null)`;
  const userVote = viewerId
    ? sql<VoteType | null>`(select v.vote_type from ${votes} v where v.song_id = songs.id and v.user_id = ${viewerId} and v.venue_id is null)`
    : sql<VoteType | null>`null`;
  const rows = await db
    .select({ song: songs, up, down, userVote, score, uploaderName: uploaderNameSql })
    .from(songs)
    .where(
      and(
        sql`${songs.id} in (select u.id from (${sql.join(sources, sql` union all `)}) u limit ${perSource})`,
        visibleSong(viewerId),
        sql`(${m.near(songs.title)} or ${m.near(songs.artist)} or ${m.near(songs.genre)} or ${m.fts(songDoc)} or ${m.ftsExpanded(songDoc)})`,
      ),
    )
    .orderBy(sql`${score} desc`, sql`${up} - ${down} desc`, songs.id)
    .limit(limit);
  return rows.map((r) => ({
    song: r.song,
    upVotes: Number(r.up),
    downVotes: Number(r.down),
    userVote: r.userVote ?? null,
    uploaderName: r.uploaderName,
  }));
}

/**
 * True when one of the viewer's own private songs matches the text by the rules of `searchSongs` (so that the
 * viewer's answer may differ from the public one: their song, or its artist's count). Every candidate source brings
 * only songs that match, so when this is false the viewer's answer is the public one. Reads the viewer's songs only
 * (`songs_uploader_idx`).
 */
export async function hasMatchingPrivateSong(db: DbOrTx, t: SearchTerms, viewerId: string): Promise<boolean> {
  const m = matcher(t);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(songs)
    .where(
      and(
        eq(songs.uploaderId, viewerId),
        eq(songs.isPrivate, true),
        sql`(${m.near(songs.title)} or ${m.near(songs.artist)} or ${m.near(songs.genre)} or ${m.fts(songDoc)} or ${m.ftsExpanded(songDoc)})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Artists (grouped by their normalised name) among the songs the viewer may see, with their song counts. Phase 1
 * collects distinct normalised names, at most `SEARCH_CANDIDATES` song rows in all, cheapest first: the exact
 * name, the names starting with the query (a skip scan of the B-tree: one probe per distinct name, however many
 * songs each has), the first full-text matches, then the nearest names by trigram distance. Those that match are
 * scored once per name; the best `2 × limit` (at least 20) are kept, and only their visible songs are counted
 * (an index-only scan of the B-tree), so that a thousand equally named "Artist N" do not mean counting all
 * their songs. Among names of equal score beyond that cut, song counts are not compared.
 */
export async function searchArtists(
  db: DbOrTx,
  t: SearchTerms,
  viewerId: string | null,
  limit: number,
  opts: SearchOptions = {},
) {
  const perSource = opts.candidates ?? SEARCH_CANDIDATES;
  const nq = sql`crowdmix_search_norm(${t.text}::text)`;
  const field = sql`crowdmix_search_norm(c.artist)`;
  const visible = viewerId ? sql`(c.is_private = false or c.uploader_id = ${viewerId})` : sql`c.is_private = false`;
  const next = (after: SQL | null) =>
    sql`(select ${field} from songs c where ${visible} and ${after ? sql`${field} ~>~ ${after} and ${field} ~<~ (${nq} || chr(1114111))` : startsWith(field, nq)} order by ${field} using ~<~ limit 1)`;
  const sources = [
    sql`(select ${field} as n from songs c where ${visible} and ${equalTo(field, nq)} limit 1)`,
    sql`(select p.n from prefixed p where p.n is not null limit ${perSource})`,
  ];
  if (t.tsquery)
    sources.push(
      fullTextSource(
        sql`${field} as n`,
        sql`${visible} and to_tsvector('simple', ${field}) @@ to_tsquery('simple', ${t.tsquery}::text)`,
        perSource,
      ),
    );
  if (t.expanded) sources.push(expandedSource(t, sql`${field} as n`, visible, field, [field], perSource));
  sources.push(
    sql`(select ${field} as n from songs c where ${visible} and ${nq} <% ${field} order by ${nq} <<-> ${field} limit ${perSource})`,
  );
  // The name is already normalised, and crowdmix_search_norm is idempotent: the matcher applies to it as to a column.
  const m = matcher(t);
  const name = sql`d.n`;
  const score = sql`round((${m.sim(name)} + ${m.ftsBonus(name)} + ${m.equal(name)})::numeric, 2)`;
  const visibleS = viewerId ? sql`(s.is_private = false or s.uploader_id = ${viewerId})` : sql`s.is_private = false`;
  const result = (await db.execute(sql`
    with recursive prefixed(n) as (
      ${next(null)}
      union all
      select ${next(sql`p.n`)} from prefixed p where p.n is not null
    ),
    names as (
      select d.n, ${score} as score
      from (select distinct v.n from (select u.n from (${sql.join(sources, sql` union all `)}) u limit ${perSource}) v) d
      where ${m.near(name)} or ${m.fts(name)} or ${m.ftsExpanded(name)}
      order by score desc, d.n
      limit ${Math.max(2 * limit, 20)}
    )
    select mode() within group (order by s.artist) as name, count(*)::int as song_count, names.score
    from names join songs s on crowdmix_search_norm(s.artist) = names.n
    where ${visibleS}
    group by names.n, names.score
    order by names.score desc, song_count desc, 1
    limit ${limit}`)) as unknown as { rows: Array<{ name: string; song_count: number | string }> };
  return result.rows.map((r) => ({ name: r.name, songCount: Number(r.song_count) }));
}

const venueDoc = sql`${venues.name} || ' ' || ${venues.location} || ' ' || ${venues.type}`;

/** Active venues by name, location or type, then by the number of public songs in their mix. */
export async function searchVenues(db: DbOrTx, t: SearchTerms, limit: number) {
  const m = matcher(t);
  const score = sql<number>`round((greatest(${m.sim(venues.name)}, 0.8 * ${m.sim(venues.location)}) + ${m.ftsBonus(venueDoc)} + ${m.equal(venues.name)})::numeric, 2)`;
  const songCount = sql<number>`(select count(*)::int from ${songs} s where s.venue_id = venues.id and s.is_private = false)`;
  const rows = await db
    .select({ venue: venues, songCount, score })
    .from(venues)
    .where(
      and(eq(venues.isActive, true), sql`(${m.near(venues.name)} or ${m.near(venues.location)} or ${m.fts(venueDoc)})`),
    )
    .orderBy(sql`${score} desc`, sql`${songCount} desc`, venues.id)
    .limit(limit);
  return rows.map((r) => ({ venue: r.venue, songCount: Number(r.songCount) }));
}

const playlistDoc = sql`${communityPlaylists.name} || ' ' || coalesce(${communityPlaylists.description}, '')`;

/** Public, active community playlists by name (and description words), then by member count. */
export async function searchPlaylists(db: DbOrTx, t: SearchTerms, limit: number) {
  const m = matcher(t);
  const score = sql<number>`round((${m.sim(communityPlaylists.name)} + ${m.ftsBonus(playlistDoc)} + ${m.equal(communityPlaylists.name)})::numeric, 2)`;
  return db
    .select(listColumns)
    .from(communityPlaylists)
    .innerJoin(users, eq(users.id, communityPlaylists.creatorId))
    .where(
      and(
        eq(communityPlaylists.isActive, true),
        eq(communityPlaylists.isPublic, true),
        sql`(${m.near(communityPlaylists.name)} or ${m.fts(playlistDoc)})`,
      ),
    )
    .orderBy(sql`${score} desc`, sql`${listColumns.memberCount} desc`, communityPlaylists.id)
    .limit(limit);
}
