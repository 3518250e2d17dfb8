/**
 * `npm run eval:ai`: DJ Verse's offline engine against a labelled set of requests on the demo catalogue.
 * Prints precision@5, coverage, the share of replies whose every reason is grounded in data, honesty on
 * requests the catalogue cannot answer, and how well the confidences are calibrated.
 * Runs on an in-memory PGlite seeded with the demo data, through the same repository the server uses.
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { DEMO_SONGS, DEMO_VENUES } from '../src/server/db/demo-catalogue';
import { migrate } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { seedDemoData } from '../src/server/db/seed';
import * as repo from '../src/server/modules/assistant/assistant.repository';
import { plan, recommend, type EngineData } from '../src/server/modules/assistant/engine/engine';
import { genreOf } from '../src/server/modules/assistant/engine/scoring';
import { normalize } from '../src/server/modules/assistant/engine/text';

interface Case {
  /** One request, or a conversation whose last message is judged. */
  ask: string | string[];
  /** Canonical genre ids (see the lexicon) that make a card acceptable. */
  genres?: string[];
  /** Artists that make a card acceptable. */
  artists?: string[];
  /** The catalogue has nothing that fits: the reply must say so. */
  none?: true;
}

const ROCKISH = [
  'rock',
  'classic-rock',
  'hard-rock',
  'metal',
  'grunge',
  'punk',
  'alternative',
  'pop-rock',
  'indie-rock',
  'britpop',
];
const CASES: Case[] = [
  { ask: 'chill indie songs', genres: ['indie', 'indie-folk', 'indie-pop', 'indie-rock'] },
  { ask: 'workout music', genres: [...ROCKISH, 'hiphop', 'edm', 'dance', 'electronic', 'funk', 'house'] },
  {
    ask: 'songs similar to Coldplay',
    genres: ['alternative', 'pop-rock', 'indie', 'indie-rock', 'britpop', 'indie-pop', 'rock', 'grunge'],
  },
  { ask: 'music to study to', genres: ['lofi', 'classical', 'jazz', 'ambient', 'indie-folk', 'folk'] },
  { ask: 'romantic dinner music', genres: ['soul', 'rnb', 'jazz', 'classical', 'pop', 'latin'] },
  {
    ask: 'party anthems',
    genres: ['dance', 'edm', 'electronic', 'funk', 'latin', 'pop', 'synth-pop', 'disco', 'hiphop'],
  },
  {
    ask: '80s hits',
    artists: ['a-ha', 'Michael Jackson', 'Rick Astley', 'Bon Jovi', 'Survivor', "Guns N' Roses", 'AC/DC', 'Queen'],
  },
  { ask: '90s rock', artists: ['Nirvana', 'Oasis', 'The Cranberries', 'Metallica', "Guns N' Roses"] },
  { ask: 'jazz', genres: ['jazz'] },
  { ask: 'classical music for sleeping', genres: ['classical', 'lofi', 'ambient'] },
  { ask: 'something for Neon Nights', genres: ['electronic', 'edm', 'dance', 'synth-pop', 'funk', 'house', 'pop'] },
  {
    ask: 'music for a coffee shop',
    genres: ['indie-folk', 'indie', 'folk', 'lofi', 'jazz', 'indie-pop', 'soul', 'classical', 'alternative'],
  },
  { ask: 'hip hop', genres: ['hiphop'] },
  { ask: 'latin party music', genres: ['latin'] },
  {
    ask: 'sad songs',
    genres: ['soul', 'alternative', 'indie', 'grunge', 'classical', 'britpop', 'rnb', 'indie-folk', 'blues'],
  },
  {
    ask: 'happy upbeat songs',
    genres: ['pop', 'funk', 'disco', 'latin', 'pop-rock', 'indie-pop', 'indie-folk', 'synth-pop'],
  },
  { ask: 'songs like Queen', genres: ROCKISH },
  { ask: 'songs by Adele', genres: ['soul', 'rnb'], artists: ['Adele'] },
  { ask: 'heavy metal', genres: ['metal', 'hard-rock'] },
  { ask: 'electronic dance music', genres: ['edm', 'electronic', 'dance', 'house', 'synth-pop'] },
  { ask: 'songs for the Rusty Anchor', genres: ROCKISH },
  { ask: 'road trip driving songs', genres: [...ROCKISH, 'synth-pop', 'pop', 'funk'] },
  { ask: 'focus music for coding', genres: ['lofi', 'classical', 'ambient', 'electronic', 'jazz'] },
  { ask: 'funky tunes', genres: ['funk', 'disco', 'soul'] },
  { ask: '3 soul songs', genres: ['soul', 'rnb'] },
  { ask: 'songs like Avicii', genres: ['edm', 'electronic', 'dance', 'house', 'synth-pop'] },
  {
    ask: 'music for a club',
    genres: ['edm', 'electronic', 'dance', 'house', 'hiphop', 'latin', 'funk', 'synth-pop', 'pop'],
  },
  { ask: 'relaxing piano music', genres: ['classical', 'jazz', 'lofi'] },
  { ask: 'britpop', genres: ['britpop', 'indie-rock', 'alternative', 'indie', 'rock'] },
  {
    ask: 'something like Mr Brightside',
    genres: ['indie-rock', 'rock', 'britpop', 'alternative', 'pop-rock', 'indie', 'grunge'],
  },
  { ask: 'modern pop', genres: ['pop', 'synth-pop', 'indie-pop', 'pop-rock', 'dance'] },
  { ask: 'songs for a romantic date night', genres: ['rnb', 'soul', 'pop', 'jazz', 'latin', 'classical'] },
  { ask: 'energetic rock', genres: ROCKISH },
  { ask: 'music for the Blue Note', genres: ['jazz', 'classical', 'blues', 'soul'] },
  { ask: 'chill lofi beats', genres: ['lofi', 'ambient', 'jazz', 'classical'] },
  { ask: ['rock', 'more'], genres: ROCKISH },
  { ask: ['songs similar to Coldplay', 'more like the first one'], genres: ROCKISH.concat(['indie', 'indie-pop']) },
  {
    ask: ['indie', 'something faster'],
    genres: ['indie-rock', 'britpop', 'indie-pop', 'indie', 'rock', 'alternative'],
  },
  { ask: 'country music', none: true },
  { ask: 'k-pop', none: true },
  { ask: 'reggae', none: true },
];

const SPECIFIC = (names: string[]) => (reason: string) =>
  /\d|#|you upvoted|you uploaded|listeners who/.test(reason) || names.some((n) => reason.includes(n));

async function main() {
  const database = await openDatabase({ memory: true });
  await migrate(database);
  await seedDemoData(database.db);
  const db = database.db;
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@crowdmix.local'));
  const songs = await repo.visibleSongs(db, demo.id);
  const venues = await repo.activeVenues(db);
  const votes = await repo.userVotes(db, demo.id);
  const names = [
    ...DEMO_VENUES.map((v) => v.name),
    ...DEMO_SONGS.map((s) => s.title),
    ...DEMO_SONGS.map((s) => s.artist),
  ];
  const specific = SPECIFIC(names);

  let precisionSum = 0;
  let judged = 0;
  let covered = 0;
  let specificReplies = 0;
  let withCards = 0;
  let honest = 0;
  let noneCases = 0;
  const recommended = new Set<number>();
  const bands = { high: [0, 0], mid: [0, 0], low: [0, 0] } as Record<'high' | 'mid' | 'low', [number, number]>;
  const rows: string[] = [];

  for (const c of CASES) {
    const messages = Array.isArray(c.ask) ? c.ask : [c.ask];
    const history: EngineData['history'] = [];
    let result: ReturnType<typeof recommend> | undefined;
    for (const message of messages) {
      const data: EngineData = {
        user: { id: demo.id, firstName: demo.firstName, currentMood: demo.currentMood },
        songs,
        venues,
        userVotes: votes,
        history: [...history],
      };
      const p = plan(message, data);
      result = recommend(message, data, p, await repo.coVotes(db, p.seeds, demo.id));
      history.push({ message, songIds: result.recommendations.map((r) => r.songId) });
    }
    const r = result!;
    const cards = r.recommendations;
    cards.forEach((x) => recommended.add(x.songId));
    if (cards.length) {
      withCards++;
      if (cards.every((x) => specific(x.reason))) specificReplies++;
    }
    const label = messages.join(' → ');
    if (c.none) {
      noneCases++;
      const ok = r.replyCase.kind === 'alternatives' && cards.every((x) => x.confidence < 0.6);
      if (ok) honest++;
      rows.push(`${ok ? 'honest ' : 'NOT HONEST'}  ${label}`);
      continue;
    }
    const acceptable = (x: (typeof cards)[number]) =>
      Boolean(c.genres?.includes(genreOf(x.genre).id)) ||
      Boolean(c.artists?.some((a) => normalize(a) === normalize(x.artist)));
    const top = cards.slice(0, 5);
    const good = top.filter(acceptable).length;
    const precision = top.length ? good / top.length : 0;
    precisionSum += precision;
    judged++;
    if (good > 0) covered++;
    for (const x of cards) {
      const band = x.confidence >= 0.8 ? 'high' : x.confidence >= 0.6 ? 'mid' : 'low';
      bands[band][0] += acceptable(x) ? 1 : 0;
      bands[band][1] += 1;
    }
    rows.push(
      `${precision.toFixed(2).padStart(6)}  ${label}  [${top.map((x) => `${x.title}${acceptable(x) ? '' : ' ✗'}`).join('; ')}]`,
    );
  }
  await database.close();

  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
  console.log('DJ Verse offline engine — evaluation on the demo catalogue\n');
  for (const row of rows) console.log(row);
  console.log('');
  console.log(
    `requests:                 ${CASES.length} (${judged} judged on precision, ${noneCases} with no fitting song)`,
  );
  console.log(`precision@5:              ${(precisionSum / judged).toFixed(3)}`);
  console.log(`coverage (requests):      ${pct(covered, judged)} answered with at least one acceptable card`);
  console.log(
    `coverage (catalogue):     ${pct(recommended.size, songs.length)} of ${songs.length} songs recommended at least once`,
  );
  console.log(
    `specific reasons:         ${pct(specificReplies, withCards)} of replies with cards cite data in every reason`,
  );
  console.log(`honest when nothing fits: ${pct(honest, noneCases)}`);
  console.log(
    `calibration:              acceptable share by confidence — ≥0.8: ${pct(...bands.high)} (${bands.high[1]} cards), 0.6–0.8: ${pct(...bands.mid)} (${bands.mid[1]}), <0.6: ${pct(...bands.low)} (${bands.low[1]})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
