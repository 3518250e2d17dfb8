/** DJ Verse's voice: a friendly rhyming MC who says plainly when the crates come up empty. */
import type { Intent } from './intent';
import { GENRE_BY_ID, VENUE_TYPE_PROFILES } from './lexicon';
import { capitalise, MOOD_ADJ, numberWord } from './reasons';
import type { Lang } from './language';
import { hash } from './text';

export type ReplyCase =
  | { kind: 'greeting' | 'thanks' | 'help' | 'off-topic' }
  /** `downvoted`: songs that fit but that the listener voted down, left out (said when it explains a short list). */
  | {
      kind: 'picks';
      count: number;
      partial: boolean;
      downvoted?: number;
      /** Fitting songs left out because this conversation already showed them. */
      shownBefore?: number;
      /** The listener has no votes yet (so DJ Verse asks about their taste rather than claim to know it). */
      noVotes?: boolean;
    }
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

/** The reply text for a turn, in the listener's language. */
export function writeReply(r: ReplyInput): string {
  if (r.intent.lang && r.intent.lang !== 'en') return writeForeignReply(r, r.intent.lang);
  return writeEnglishReply(r);
}

function writeEnglishReply(r: ReplyInput): string {
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
        (c.count
          ? `I've already shown you the ${desc === 'tracks' ? 'tracks' : desc} that fit — here ${c.count === 1 ? 'it is' : 'they are'} again, no need to wait! Try another genre, mood or artist, or upload a few more to the crate.`
          : `I've already shown you the ${desc === 'tracks' ? 'tracks' : desc} that fit — try another genre, mood or artist, or upload a few more to the crate.`) +
        downvotedNote(c.downvoted, desc)
      );
    case 'alternatives': {
      const honest = r.intent.unknownRef
        ? `${r.intent.unknownRef} isn't in our crates — I searched them all, high and low. Every card below is a nearest match, not the real thing, so you know.`
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
      else if (desc === 'tracks' && !r.intent.countGiven && c.noVotes) {
        opener = `No votes from you yet, so here ${are} ${n} crowd ${c.count === 1 ? 'favourite' : 'favourites'} to start the show — what do you usually like: a genre, an artist or a mood? Let me know!`;
      } else if (desc === 'tracks' && !r.intent.countGiven) {
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
      if (c.partial && c.shownBefore)
        notes.push(
          `That's all the ${desc} I have left that truly fits — the ${c.shownBefore === 1 ? 'other one' : `other ${numberWord(c.shownBefore)}`} I already showed you. Upload more and I'll spin the hits!`,
        );
      else if (c.partial)
        notes.push(`That's all the ${desc} I have that truly fits — upload more and I'll spin the hits!`);
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

/** Replies in Spanish, German, French and Portuguese: the same cases, plainly said. */
const FOREIGN: Record<
  Exclude<Lang, 'en'>,
  {
    picks: (n: number) => string;
    more: (n: number) => string;
    partial: string;
    alternatives: (n: number, ref: string | null) => string;
    exhausted: (n: number) => string;
    offTopic: string;
    greeting: string;
    thanks: string;
    help: string;
    noVotes: (n: number) => string;
    empty: string;
    refMissing: (asked: number, had: number) => string;
  }
> = {
  es: {
    picks: (n) =>
      `¡Aquí tienes ${n} ${n === 1 ? 'canción' : 'canciones'} para ti, directo de la pista! Dale a play o añádelas a una lista.`,
    more: (n) => `¿Quieres más? Aquí van ${n} ${n === 1 ? 'canción nueva' : 'canciones nuevas'}.`,
    partial: 'Es todo lo que tengo que encaja de verdad — sube más y las pincho.',
    alternatives: (n, ref) =>
      `${ref ? `${ref} no está en nuestro catálogo.` : 'No tengo nada que encaje de verdad con eso.'} ${n ? `Te dejo ${n} ${n === 1 ? 'opción cercana' : 'opciones cercanas'}, marcadas como tales.` : 'Sube una canción y la pincho.'}`,
    exhausted: (n) =>
      `Ya te enseñé las que encajan${n ? ' — aquí las tienes otra vez' : ''}. Prueba otro género, estado de ánimo o artista.`,
    offTopic: 'Soy DJ, no una enciclopedia — pídeme música: un género, un estado de ánimo, una actividad o un artista.',
    greeting: '¡Hola! DJ Verse al mando — dime un género, un estado de ánimo o un artista.',
    thanks: '¡De nada! Vuelve cuando quieras más música.',
    help: 'Soy DJ Verse: pídeme un género ("jazz"), un estado de ánimo ("algo tranquilo"), una actividad ("para estudiar") o un artista ("canciones como Adele").',
    noVotes: (n) =>
      `Aún no has votado, así que aquí van ${n} favoritas del público — ¿qué sueles escuchar: un género, un artista o un estado de ánimo?`,
    empty: 'El catálogo está vacío — ¡sube una canción y empezamos!',
    refMissing: (asked, had) => `Pediste la número ${asked}, pero la última vez solo puse ${had}.`,
  },
  de: {
    picks: (n) =>
      `Hier ${n === 1 ? 'ist ein Song' : `sind ${n} Songs`} für dich, frisch aus der Kiste! Drück auf Play oder schlag sie für eine Playlist vor.`,
    more: (n) => `Mehr? Hier ${n === 1 ? 'ist ein neuer Song' : `sind ${n} neue Songs`}.`,
    partial: 'Mehr passt gerade nicht — lade mehr hoch und ich lege es auf.',
    alternatives: (n, ref) =>
      `${ref ? `${ref} haben wir nicht im Katalog.` : 'Dazu passt bei uns nichts wirklich.'} ${n ? `Hier ${n === 1 ? 'ist der nächste Treffer' : `sind die ${n} nächsten Treffer`}, als solche markiert.` : 'Lade einen Song hoch und ich spiele ihn.'}`,
    exhausted: (n) =>
      `Die passenden Songs habe ich dir schon gezeigt${n ? ' — hier sind sie noch einmal' : ''}. Versuch ein anderes Genre, eine Stimmung oder einen Künstler.`,
    offTopic:
      'Ich bin DJ, kein Lexikon — frag mich nach Musik: ein Genre, eine Stimmung, eine Aktivität oder ein Künstler.',
    greeting: 'Hallo! DJ Verse ist da — nenn mir ein Genre, eine Stimmung oder einen Künstler.',
    thanks: 'Gern geschehen! Komm wieder, wenn du mehr Musik willst.',
    help: 'Ich bin DJ Verse: frag nach einem Genre ("Jazz"), einer Stimmung ("etwas Ruhiges"), einer Aktivität ("zum Lernen") oder einem Künstler ("Songs wie Adele").',
    noVotes: (n) =>
      `Du hast noch nicht abgestimmt, also hier ${n} Favoriten der Community — was hörst du gern: ein Genre, einen Künstler oder eine Stimmung?`,
    empty: 'Der Katalog ist leer — lade einen Song hoch und los geht es!',
    refMissing: (asked, had) => `Du wolltest Nummer ${asked}, aber ich hatte letztes Mal nur ${had}.`,
  },
  fr: {
    picks: (n) =>
      `Voici ${n} ${n === 1 ? 'morceau' : 'morceaux'} pour toi, tout droit des platines ! Lance la lecture ou propose-les pour une playlist.`,
    more: (n) => `Encore ? Voici ${n} ${n === 1 ? 'nouveau morceau' : 'nouveaux morceaux'}.`,
    partial: "C'est tout ce que j'ai qui colle vraiment — ajoute-en d'autres et je les passe.",
    alternatives: (n, ref) =>
      `${ref ? `${ref} n'est pas dans notre catalogue.` : "Je n'ai rien qui corresponde vraiment."} ${n ? `Voici ${n === 1 ? 'le plus proche' : `les ${n} plus proches`}, indiqués comme tels.` : 'Ajoute un morceau et je le passe.'}`,
    exhausted: (n) =>
      `Je t'ai déjà montré ceux qui collent${n ? ' — les revoici' : ''}. Essaie un autre genre, une autre humeur ou un autre artiste.`,
    offTopic:
      'Je suis DJ, pas une encyclopédie — demande-moi de la musique : un genre, une humeur, une activité ou un artiste.',
    greeting: 'Salut ! DJ Verse aux platines — donne-moi un genre, une humeur ou un artiste.',
    thanks: 'Avec plaisir ! Reviens quand tu veux plus de musique.',
    help: 'Je suis DJ Verse : demande un genre (« jazz »), une humeur (« quelque chose de calme »), une activité (« pour étudier ») ou un artiste (« des chansons comme Adele »).',
    noVotes: (n) =>
      `Tu n'as pas encore voté, alors voici ${n} favoris du public — qu'écoutes-tu d'habitude : un genre, un artiste ou une humeur ?`,
    empty: 'Le catalogue est vide — ajoute un morceau et la fête commence !',
    refMissing: (asked, had) => `Tu as demandé le numéro ${asked}, mais je n'en ai passé que ${had} la dernière fois.`,
  },
  pt: {
    picks: (n) =>
      `Aqui ${n === 1 ? 'vai uma música' : `vão ${n} músicas`} para você, direto das pick-ups! Dê play ou proponha para uma playlist.`,
    more: (n) => `Quer mais? Aqui ${n === 1 ? 'vai uma música nova' : `vão ${n} músicas novas`}.`,
    partial: 'É tudo o que eu tenho que combina de verdade — envie mais e eu toco.',
    alternatives: (n, ref) =>
      `${ref ? `${ref} não está no nosso catálogo.` : 'Não tenho nada que combine de verdade com isso.'} ${n ? `Aqui ${n === 1 ? 'vai a opção mais próxima' : `vão as ${n} opções mais próximas`}, marcadas como tal.` : 'Envie uma música e eu toco.'}`,
    exhausted: (n) =>
      `Já te mostrei as que combinam${n ? ' — aqui estão de novo' : ''}. Tente outro gênero, clima ou artista.`,
    offTopic: 'Sou DJ, não uma enciclopédia — peça música: um gênero, um clima, uma atividade ou um artista.',
    greeting: 'Olá! DJ Verse na área — diga um gênero, um clima ou um artista.',
    thanks: 'De nada! Volte quando quiser mais música.',
    help: 'Sou o DJ Verse: peça um gênero ("jazz"), um clima ("algo calmo"), uma atividade ("para estudar") ou um artista ("músicas como Adele").',
    noVotes: (n) =>
      `Você ainda não votou, então aqui vão ${n} favoritas do público — o que você costuma ouvir: um gênero, um artista ou um clima?`,
    empty: 'O catálogo está vazio — envie uma música e a festa começa!',
    refMissing: (asked, had) => `Você pediu a número ${asked}, mas da última vez eu só toquei ${had}.`,
  },
};

function writeForeignReply(r: ReplyInput, lang: Exclude<Lang, 'en'>): string {
  const t = FOREIGN[lang];
  const c = r.case;
  switch (c.kind) {
    case 'greeting':
      return t.greeting;
    case 'thanks':
      return t.thanks;
    case 'help':
      return t.help;
    case 'off-topic':
      return t.offTopic;
    case 'empty-catalogue':
      return t.empty;
    case 'ref-missing':
      return t.refMissing(c.asked, c.had);
    case 'exhausted':
      return t.exhausted(c.count);
    case 'alternatives':
      return t.alternatives(c.count, r.intent.unknownRef);
    case 'picks': {
      const desc = describeIntent(r.intent);
      if (desc === 'tracks' && !r.intent.countGiven && c.noVotes) return t.noVotes(c.count);
      const opener = r.intent.followUp === 'more' ? t.more(c.count) : t.picks(c.count);
      return c.partial ? `${opener} ${t.partial}` : opener;
    }
  }
}
