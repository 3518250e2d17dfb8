/** DJ Verse's voice: a friendly rhyming MC who says plainly when the crates come up empty. */
import type { Intent } from './intent';
import { GENRE_BY_ID, VENUE_TYPE_PROFILES } from './lexicon';
import { capitalise, MOOD_ADJ, numberWord } from './reasons';
import { hash } from './text';

export type ReplyCase =
  | { kind: 'greeting' | 'thanks' | 'help' | 'off-topic' }
  /** `downvoted`: songs that fit but that the listener voted down, left out (said when it explains a short list). */
  | { kind: 'picks'; count: number; partial: boolean; downvoted?: number }
  | { kind: 'alternatives'; count: number; downvoted?: number }
  | { kind: 'exhausted'; count: number; downvoted?: number }
  | { kind: 'ref-missing'; asked: number; had: number }
  | { kind: 'empty-catalogue' };

export interface ReplyInput {
  intent: Intent;
  /** The message as typed, to vary the lines. */
  message: string;
  turn: number;
  firstName: string | null;
  userMood: string | null;
  refTitle: string | null;
  case: ReplyCase;
}

const pick = <T>(list: T[], seed: number) => list[seed % list.length];

/** A short description of what was asked: "chill Indie", "80s Synth-pop", "tracks like Coldplay". */
export function describeIntent(i: Intent): string {
  const bits: string[] = [];
  if (i.era) bits.push(i.era.label.replace(/^the /, ''));
  for (const m of i.moods.slice(0, 2)) bits.push(m === 'melancholy' ? 'melancholy' : MOOD_ADJ[m]);
  const genres = i.genres.map((g) => GENRE_BY_ID.get(g)?.label ?? g);
  if (genres.length) bits.push(genres.slice(0, 3).join(' and '));
  let core = bits.join(' ');
  if (i.byArtist) core = `${core ? `${core} ` : ''}${i.byArtist.name}`;
  if (!core) core = i.activities.length ? 'music' : 'tracks';
  if (i.similar) core = `${core === 'tracks' ? 'tracks' : core} like ${i.similar.label}`;
  if (i.unknownRef) core = `${core} like ${i.unknownRef}`;
  if (i.activities.length) core = `${core} for ${i.activities[0].label}`;
  if (i.venue) core = `${core} for ${i.venue.name}`;
  else if (i.venueType) core = `${core} for ${VENUE_TYPE_PROFILES[i.venueType].label}`;
  return core;
}

/** " I left out the N … tracks you voted down." (empty when there are none). */
function downvotedNote(n: number | undefined, desc: string): string {
  if (!n) return '';
  const what = desc === 'tracks' ? '' : `${desc} `;
  return n === 1
    ? ` I left out the one ${what}track you voted down.`
    : ` I left out the ${numberWord(n)} ${what}tracks you voted down.`;
}

/** The reply text for a turn. */
export function writeReply(r: ReplyInput): string {
  const seed = hash(`${r.message}|${r.turn}`);
  const name = r.firstName ? ` ${r.firstName}` : '';
  const desc = describeIntent(r.intent);
  const c = r.case;
  switch (c.kind) {
    case 'greeting':
      return `Yo${name}! DJ Verse is in the house and ready to play — tell me a genre, a mood or an artist and I'll brighten your day. Try "chill indie songs", "workout music" or "songs like Coldplay".`;
    case 'thanks':
      return pick(
        [
          `Anytime${name}, that's how we roll — come back when you need more music for the soul!`,
          `My pleasure${name}, the decks are always warm — holler when you need another storm!`,
        ],
        seed,
      );
    case 'help':
      return `I'm DJ Verse, your rhyming guide to the CrowdMix crates — I read your votes, your mood and what the crowd rates. Ask for a genre ("jazz"), a mood ("something romantic"), an activity ("study music"), an era ("80s"), a venue ("for Neon Nights") or an artist ("songs like Adele"), say how many you want, then "more", "something faster" or "more like the second one".`;
    case 'off-topic':
      return `I'm a DJ, not an encyclopedia, that's my true confession — but ask me for music and we'll start a session! Name a genre, a mood, an activity or an artist you love.`;
    case 'empty-catalogue':
      return `The crates are empty, there's nothing to spin — upload a track and let the party begin!`;
    case 'ref-missing':
      return `You asked for number ${c.asked}, but I only dropped ${numberWord(c.had)} last time — pick one of those and I'll find its rhyme!`;
    case 'exhausted':
      return (
        `I've already played you every ${desc === 'tracks' ? '' : `${desc} `}track I've got — upload a few more and I'll give them a shot! Until then, try another genre, mood or artist.` +
        downvotedNote(c.downvoted, desc)
      );
    case 'alternatives': {
      const honest = r.intent.unknownRef
        ? `${r.intent.unknownRef} isn't in our crates yet — I searched them all, high and low.`
        : c.downvoted
          ? `I searched every crate for ${desc}, high and low — and the only ${c.downvoted === 1 ? 'one' : 'ones'} I found, you voted down, so I let ${c.downvoted === 1 ? 'it' : 'them'} go.`
          : `I searched every crate for ${desc}, high and low — but the catalogue's dry on that flow.`;
      const alt = c.count
        ? ` Here ${c.count === 1 ? 'is the nearest groove' : `are the ${numberWord(c.count)} nearest grooves`} I know — or upload a track and steal the show!`
        : ' Upload a track and steal the show!';
      return honest + alt;
    }
    case 'picks': {
      const n = numberWord(c.count);
      const picks = c.count === 1 ? 'pick' : 'picks';
      const are = c.count === 1 ? 'is' : 'are';
      let opener: string;
      const f = r.intent.followUp;
      if (f === 'faster')
        opener = `Turning up the tempo, kicking up the pace — ${n} faster ${picks} to light up the place.`;
      else if (f === 'slower')
        opener = `Easing off the gas, bringing it down low — ${n} mellower ${picks} to take it nice and slow.`;
      else if (f === 'ref' && r.refTitle)
        opener = `More like ${r.refTitle}? I hear what you mean — ${n} ${picks} from the same kind of scene.`;
      else if (f === 'different')
        opener = `Switching it up to a brand-new lane — ${n} ${picks} that break the same old refrain.`;
      else if (f === 'more')
        opener = `You want more? I've got more in store — ${n} fresh ${picks} you haven't heard before.`;
      else if (desc === 'tracks' && !r.intent.countGiven) {
        opener = `No brief? No problem, I know your style — ${n} ${picks} from your votes${r.userMood ? ` and your ${r.userMood} mood` : ''}, worth your while.`;
      } else if (r.intent.venue)
        opener = `Setting the stage for ${r.intent.venue.name} tonight — ${n} ${picks} the crowd says ${are} right.`;
      else {
        opener = pick(
          [
            `You want ${desc}? Say no more, my friend — here ${are} ${n} ${picks} I'm proud to recommend.`,
            `${capitalise(desc)} coming up, fresh off the shelf — ${n} ${picks} I'd spin for myself.`,
            `I dug through the crates for ${desc} tonight — ${n} ${picks} that ${c.count === 1 ? 'feels' : 'feel'} just right.`,
            `DJ Verse on the decks with ${desc} on the menu — ${n} ${picks} worthy of any venue.`,
            `Yo, ${desc} is a vibe and I've got the key — ${n} ${picks} straight from the community.`,
          ],
          seed,
        );
      }
      const notes: string[] = [];
      if (r.intent.countCapped) notes.push(`Ten's my limit per spin, so I kept it to the max.`);
      if (r.intent.unknownRef)
        notes.push(`${r.intent.unknownRef} isn't in our crates yet, so I went by the sound you described.`);
      if (c.partial)
        notes.push(`That's every ${desc} track in the crates that truly fits — upload more and I'll spin the hits!`);
      if (c.partial && c.downvoted) notes.push(downvotedNote(c.downvoted, desc).trim());
      const closer = pick(
        [
          'Hit play, queue them up, or propose one to a playlist!',
          'Press play and let the good times flow!',
          'Queue them up and let the rhythm take control!',
        ],
        seed >>> 3,
      );
      return [opener, ...notes, c.partial ? '' : closer].filter(Boolean).join(' ');
    }
  }
}
