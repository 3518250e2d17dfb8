/**
 * What DJ Verse knows about music beyond the catalogue's own fields: genres with their synonyms and families,
 * how each genre sits on the seven moods and on energy, everyday activities, eras, venue types, and the eras
 * and genres of well-known artists. Songs only carry title, artist and genre, so every judgement the engine
 * makes about mood, tempo or decade goes through these tables.
 */
import type { MoodId, VenueType } from '../../../../shared/constants';

export type Mood = MoodId;
export const MOOD_LIST: Mood[] = ['energetic', 'chill', 'romantic', 'focus', 'party', 'melancholy', 'upbeat'];

export interface GenreDef {
  id: string;
  label: string;
  /** Phrases (normalised) that name this genre in a request or a song's genre field. */
  terms: string[];
  /** Parent or related families with how strongly a song of this genre counts as one of them. */
  families: Record<string, number>;
  /** 0 (sleepy) .. 1 (flat out). */
  energy: number;
  moods: Partial<Record<Mood, number>>;
  /** The decade the genre belongs to when nothing better is known about the artist. */
  decade?: number;
}

const g = (id: string, label: string, terms: string[], families: Record<string, number>, energy: number, moods: Partial<Record<Mood, number>>, decade?: number): GenreDef => ({
  id, label, terms, families, energy, moods, decade,
});

export const GENRES: GenreDef[] = [
  g('rock', 'Rock', ['rock', 'rock n roll', 'rock and roll', 'rock music', 'guitar music', 'guitar'], {}, 0.75, { energetic: 0.75, party: 0.5, upbeat: 0.55 }),
  g('classic-rock', 'Classic Rock', ['arena rock', 'stadium rock', 'glam rock', 'hair metal'], { rock: 0.95 }, 0.78, { energetic: 0.8, party: 0.6, upbeat: 0.6 }, 1980),
  g('hard-rock', 'Hard Rock', ['hard rock'], { rock: 0.9, metal: 0.45 }, 0.9, { energetic: 0.95, party: 0.55 }),
  g('metal', 'Metal', ['metal', 'heavy metal', 'thrash', 'thrash metal', 'metalcore', 'death metal', 'nu metal'], { rock: 0.7, 'hard-rock': 0.6 }, 0.95, { energetic: 1, melancholy: 0.3 }),
  g('grunge', 'Grunge', ['grunge'], { rock: 0.85, alternative: 0.85 }, 0.8, { energetic: 0.75, melancholy: 0.55 }, 1990),
  g('punk', 'Punk', ['punk', 'punk rock', 'pop punk', 'emo'], { rock: 0.8, alternative: 0.5 }, 0.92, { energetic: 0.95, party: 0.5 }),
  g('alternative', 'Alternative Rock', ['alternative', 'alternative rock', 'alt rock', 'alt-rock', 'post grunge'], { rock: 0.85, indie: 0.45 }, 0.62, { melancholy: 0.65, energetic: 0.55, chill: 0.3 }),
  g('pop-rock', 'Pop Rock', ['pop rock', 'pop-rock', 'soft rock'], { rock: 0.7, pop: 0.8 }, 0.7, { upbeat: 0.8, energetic: 0.6, party: 0.45, romantic: 0.3 }),
  g('indie-rock', 'Indie Rock', ['indie rock', 'garage rock'], { indie: 0.9, rock: 0.8, alternative: 0.55 }, 0.68, { energetic: 0.6, upbeat: 0.5, party: 0.45, chill: 0.25 }),
  g('britpop', 'Britpop', ['britpop', 'brit pop', 'brit rock'], { rock: 0.75, indie: 0.6, alternative: 0.5 }, 0.6, { upbeat: 0.6, melancholy: 0.45, chill: 0.3, party: 0.4 }, 1990),
  g('indie', 'Indie', ['indie', 'indie music'], { alternative: 0.5 }, 0.5, { chill: 0.7, melancholy: 0.65, upbeat: 0.4 }),
  g('indie-pop', 'Indie Pop', ['indie pop', 'indie-pop', 'bedroom pop', 'dream pop'], { indie: 0.9, pop: 0.7 }, 0.6, { upbeat: 0.8, chill: 0.55, party: 0.4 }),
  g('indie-folk', 'Indie Folk', ['indie folk', 'indie-folk', 'folk pop', 'folk rock'], { indie: 0.9, folk: 0.85 }, 0.42, { chill: 0.9, upbeat: 0.6, romantic: 0.3, focus: 0.3 }),
  g('folk', 'Folk', ['folk', 'acoustic', 'singer songwriter', 'singer-songwriter'], { 'indie-folk': 0.6 }, 0.3, { chill: 0.85, melancholy: 0.5, romantic: 0.4, focus: 0.4 }),
  g('country', 'Country', ['country', 'americana', 'bluegrass'], { folk: 0.5 }, 0.55, { upbeat: 0.6, melancholy: 0.5 }),
  g('pop', 'Pop', ['pop', 'pop music', 'top 40', 'chart hits', 'mainstream'], {}, 0.66, { upbeat: 0.85, party: 0.6, romantic: 0.4, energetic: 0.4 }),
  g('synth-pop', 'Synth-pop', ['synth pop', 'synthpop', 'synth-pop', 'synthwave', 'new wave', 'retrowave'], { pop: 0.8, electronic: 0.6 }, 0.72, { upbeat: 0.75, party: 0.75, energetic: 0.65 }, 1980),
  g('kpop', 'K-pop', ['k pop', 'kpop'], { pop: 0.85, dance: 0.4 }, 0.8, { upbeat: 0.9, party: 0.8, energetic: 0.7 }, 2010),
  g('soul', 'Soul', ['soul', 'neo soul', 'motown', 'gospel'], { rnb: 0.7 }, 0.4, { romantic: 0.85, melancholy: 0.75, chill: 0.5 }),
  g('rnb', 'R&B', ['r&b', 'rnb', 'r & b', 'r and b', 'rhythm and blues'], { soul: 0.7 }, 0.45, { romantic: 0.95, chill: 0.6 }),
  g('funk', 'Funk', ['funk', 'funky'], { soul: 0.45, disco: 0.6 }, 0.8, { party: 0.9, upbeat: 0.95, energetic: 0.6 }),
  g('disco', 'Disco', ['disco', 'nu disco'], { funk: 0.6, dance: 0.7 }, 0.8, { party: 0.95, upbeat: 0.9 }, 1970),
  g('electronic', 'Electronic', ['electronic', 'electronica', 'electro', 'electronic music'], { dance: 0.6 }, 0.75, { party: 0.75, energetic: 0.7, focus: 0.35, melancholy: 0.2 }),
  g('edm', 'EDM', ['edm', 'electronic dance', 'electronic dance music', 'big room', 'progressive house', 'festival'], { electronic: 0.9, dance: 0.85 }, 0.9, { party: 0.95, energetic: 0.9, upbeat: 0.6 }, 2010),
  g('dance', 'Dance', ['dance music', 'dance pop', 'eurodance'], { electronic: 0.7, edm: 0.6, pop: 0.4 }, 0.88, { party: 1, energetic: 0.8, upbeat: 0.75 }),
  g('house', 'House', ['house', 'house music', 'deep house', 'tech house'], { electronic: 0.9, dance: 0.8 }, 0.8, { party: 0.9, energetic: 0.7, chill: 0.3 }),
  g('techno', 'Techno', ['techno'], { electronic: 0.9, dance: 0.7 }, 0.85, { party: 0.8, energetic: 0.8, focus: 0.4 }),
  g('trance', 'Trance', ['trance'], { electronic: 0.9, dance: 0.7 }, 0.85, { party: 0.8, energetic: 0.8, upbeat: 0.5 }),
  g('dnb', 'Drum & Bass', ['drum and bass', 'drum & bass', 'dnb', 'jungle', 'dubstep'], { electronic: 0.9, dance: 0.6 }, 0.95, { energetic: 0.95, party: 0.8 }),
  g('ambient', 'Ambient', ['ambient', 'downtempo', 'chillout', 'chill out', 'chillwave'], { electronic: 0.5, lofi: 0.5 }, 0.15, { focus: 0.9, chill: 0.9, melancholy: 0.3 }),
  g('latin', 'Latin', ['latin', 'latin pop', 'latino', 'reggaeton', 'salsa', 'bachata', 'cumbia', 'merengue', 'samba', 'bossa nova', 'spanish'], {}, 0.8, { party: 0.9, upbeat: 0.9, romantic: 0.5, energetic: 0.6 }),
  g('hiphop', 'Hip Hop', ['hip hop', 'hip-hop', 'hiphop', 'rap', 'trap', 'rap music', 'drill'], {}, 0.75, { energetic: 0.85, party: 0.6, melancholy: 0.3 }),
  g('jazz', 'Jazz', ['jazz', 'bebop', 'swing', 'smooth jazz', 'cool jazz', 'big band', 'jazz standards'], {}, 0.35, { chill: 0.85, romantic: 0.7, focus: 0.7 }, 1950),
  g('blues', 'Blues', ['blues'], { jazz: 0.4, rock: 0.4, soul: 0.4 }, 0.4, { melancholy: 0.85, chill: 0.5 }, 1960),
  g('classical', 'Classical', ['classical', 'classical music', 'orchestral', 'symphony', 'orchestra', 'piano', 'baroque', 'opera', 'sonata', 'nocturne', 'romantic era', 'chamber music'], {}, 0.2, { focus: 0.95, chill: 0.7, romantic: 0.5, melancholy: 0.6 }, 1800),
  g('lofi', 'Lofi', ['lofi', 'lo fi', 'lo-fi', 'chillhop', 'lofi hip hop', 'lo fi hip hop', 'study beats'], { hiphop: 0.35, ambient: 0.5 }, 0.2, { focus: 1, chill: 1 }, 2020),
  g('reggae', 'Reggae', ['reggae', 'ska', 'dancehall', 'dub'], {}, 0.5, { chill: 0.8, upbeat: 0.7, party: 0.5 }),
  g('soundtrack', 'Soundtrack', ['soundtrack', 'film score', 'movie music', 'score'], { classical: 0.5 }, 0.4, { focus: 0.7, melancholy: 0.5 }),
];

export const GENRE_BY_ID = new Map(GENRES.map((d) => [d.id, d]));

/** A neutral profile for a genre the tables do not know (uploads may say anything). */
export const UNKNOWN_GENRE: GenreDef = g('unknown', 'Unknown', [], {}, 0.5, {});

/** Words that set a mood (spec's seven moods). */
export const MOOD_TERMS: Record<Mood, string[]> = {
  energetic: ['energetic', 'energy', 'high energy', 'high-energy', 'pumped', 'pump up', 'pumped up', 'hype', 'hyped', 'intense', 'powerful', 'aggressive', 'loud', 'heavy', 'adrenaline', 'fierce', 'banging', 'hard hitting', 'fast', 'motivating', 'motivation', 'motivational'],
  chill: ['chill', 'chilled', 'chilling', 'chillin', 'relax', 'relaxing', 'relaxed', 'calm', 'calming', 'mellow', 'laid back', 'laid-back', 'easy listening', 'soft', 'smooth', 'cozy', 'cosy', 'gentle', 'peaceful', 'soothing', 'unwind', 'quiet', 'slow'],
  romantic: ['romantic', 'romance', 'love songs', 'love song', 'about love', 'lovey', 'loving', 'intimate', 'sensual', 'sexy', 'valentine', 'valentines', 'slow dance', 'in love', 'crush'],
  focus: ['focus', 'focused', 'concentrate', 'concentration', 'instrumental', 'productive', 'productivity', 'background music', 'no lyrics', 'lyric free'],
  party: ['party', 'partying', 'dance', 'dancing', 'dancefloor', 'dance floor', 'banger', 'bangers', 'turn up', 'celebrate', 'celebration', 'night out', 'friday night', 'saturday night', 'anthems', 'anthem', 'club bangers'],
  melancholy: ['sad', 'melancholy', 'melancholic', 'heartbreak', 'heartbroken', 'break up', 'breakup', 'lonely', 'crying', 'cry', 'introspective', 'thoughtful', 'moody', 'emotional', 'nostalgic', 'bittersweet', 'depressing', 'feeling down', 'feeling blue'],
  upbeat: ['upbeat', 'happy', 'feel good', 'feel-good', 'cheerful', 'positive', 'sunny', 'fun', 'joyful', 'uplifting', 'good vibes', 'good mood', 'bright', 'optimistic'],
};

export interface ActivityDef {
  id: string;
  /** How DJ Verse names it in a reply ("your workout"). */
  label: string;
  terms: string[];
  moods: Mood[];
  energy?: { min?: number; max?: number };
  /** Genres that suit it beyond what the moods imply. */
  genres?: string[];
}

export const ACTIVITIES: ActivityDef[] = [
  { id: 'workout', label: 'your workout', terms: ['workout', 'work out', 'working out', 'gym', 'exercise', 'exercising', 'training', 'lifting', 'weights', 'cardio', 'hiit', 'crossfit', 'spin class', 'fitness'], moods: ['energetic'], energy: { min: 0.7 }, genres: ['hiphop', 'hard-rock', 'rock', 'edm', 'metal'] },
  { id: 'running', label: 'your run', terms: ['running', 'run', 'jogging', 'jog', 'marathon', 'sprint'], moods: ['energetic', 'upbeat'], energy: { min: 0.7 }, genres: ['edm', 'hiphop', 'rock', 'pop-rock'] },
  { id: 'study', label: 'study time', terms: ['study', 'studying', 'homework', 'exam', 'exams', 'revision', 'revising', 'reading', 'read', 'library'], moods: ['focus'], energy: { max: 0.45 }, genres: ['lofi', 'classical', 'jazz', 'ambient'] },
  { id: 'work', label: 'deep work', terms: ['work', 'working', 'coding', 'programming', 'office', 'deep work', 'writing', 'at my desk'], moods: ['focus'], energy: { max: 0.5 }, genres: ['lofi', 'classical', 'ambient', 'electronic'] },
  { id: 'dinner', label: 'dinner', terms: ['dinner', 'dinner party', 'dining', 'candlelight', 'candle light', 'wine'], moods: ['romantic', 'chill'], energy: { max: 0.55 }, genres: ['jazz', 'soul', 'rnb', 'classical'] },
  { id: 'date', label: 'date night', terms: ['date night', 'date', 'anniversary', 'wedding', 'first dance'], moods: ['romantic'], energy: { max: 0.6 }, genres: ['rnb', 'soul', 'pop'] },
  { id: 'cooking', label: 'cooking', terms: ['cooking', 'in the kitchen', 'baking', 'brunch', 'bbq', 'barbecue'], moods: ['upbeat', 'chill'], genres: ['funk', 'latin', 'soul', 'pop'] },
  { id: 'party', label: 'the party', terms: ['house party', 'pregame', 'pre game', 'birthday', 'birthday party', 'rave', 'club night', 'going out'], moods: ['party'], energy: { min: 0.65 }, genres: ['dance', 'edm', 'funk', 'latin', 'pop'] },
  { id: 'sleep', label: 'bedtime', terms: ['sleep', 'sleeping', 'bedtime', 'bed time', 'falling asleep', 'fall asleep', 'nap', 'wind down', 'winding down', 'lullaby', 'insomnia'], moods: ['chill', 'focus'], energy: { max: 0.3 }, genres: ['classical', 'lofi', 'ambient'] },
  { id: 'driving', label: 'the drive', terms: ['driving', 'drive', 'road trip', 'roadtrip', 'commute', 'commuting', 'in the car', 'car ride', 'highway'], moods: ['upbeat', 'energetic'], energy: { min: 0.55 }, genres: ['rock', 'pop-rock', 'classic-rock', 'synth-pop'] },
  { id: 'meditation', label: 'meditation', terms: ['meditation', 'meditate', 'meditating', 'yoga', 'mindfulness', 'spa', 'massage'], moods: ['focus', 'chill'], energy: { max: 0.3 }, genres: ['ambient', 'classical', 'lofi'] },
  { id: 'morning', label: 'your morning', terms: ['morning', 'mornings', 'coffee', 'breakfast', 'wake up', 'waking up', 'sunday morning'], moods: ['chill', 'upbeat'], energy: { max: 0.7 }, genres: ['indie-folk', 'folk', 'jazz', 'lofi', 'indie-pop'] },
  { id: 'cleaning', label: 'cleaning day', terms: ['cleaning', 'chores', 'housework', 'tidying'], moods: ['upbeat', 'energetic'], energy: { min: 0.55 }, genres: ['pop', 'funk', 'disco'] },
  { id: 'rainy', label: 'a rainy day', terms: ['rainy day', 'rainy', 'rain', 'storm', 'grey day', 'gray day'], moods: ['melancholy', 'chill'], energy: { max: 0.55 } },
  { id: 'karaoke', label: 'karaoke', terms: ['karaoke', 'sing along', 'singalong', 'sing-along', 'sing', 'singing', 'pub night'], moods: ['party', 'upbeat'], genres: ['classic-rock', 'rock', 'pop', 'pop-rock', 'britpop'] },
  { id: 'summer', label: 'summer days', terms: ['summer', 'beach', 'pool party', 'vacation', 'holiday', 'sunshine'], moods: ['upbeat', 'party'], genres: ['latin', 'reggae', 'pop', 'funk'] },
  { id: 'gaming', label: 'a gaming session', terms: ['gaming', 'video games', 'game night'], moods: ['energetic', 'focus'], genres: ['electronic', 'edm', 'synth-pop', 'metal'] },
];

export interface EraDef {
  label: string;
  terms: string[];
  from: number;
  to: number;
}

/** Decades are stored as their first year; a range covers decades from..to inclusive. */
export const ERAS: EraDef[] = [
  { label: 'the 50s', terms: ['50s', '1950s', 'fifties'], from: 1950, to: 1950 },
  { label: 'the 60s', terms: ['60s', '1960s', 'sixties'], from: 1960, to: 1960 },
  { label: 'the 70s', terms: ['70s', '1970s', 'seventies'], from: 1970, to: 1970 },
  { label: 'the 80s', terms: ['80s', '1980s', 'eighties'], from: 1980, to: 1980 },
  { label: 'the 90s', terms: ['90s', '1990s', 'nineties'], from: 1990, to: 1990 },
  { label: 'the 2000s', terms: ['2000s', 'noughties', 'y2k', 'aughts', '00s'], from: 2000, to: 2000 },
  { label: 'the 2010s', terms: ['2010s', '10s', 'twenty tens'], from: 2010, to: 2010 },
  { label: 'the 2020s', terms: ['2020s', '20s'], from: 2020, to: 2020 },
  { label: 'the classics', terms: ['classic', 'classics', 'oldies', 'oldie', 'old school', 'old-school', 'retro', 'throwback', 'throwbacks', 'vintage', 'golden oldies', 'old'], from: 1700, to: 1999 },
  { label: 'the modern era', terms: ['modern', 'new', 'newer', 'recent', 'latest', 'contemporary', 'current', 'fresh', 'new music', 'nowadays'], from: 2010, to: 2030 },
];

/** How each venue type tends to sound, so "something for a club" means something. */
export const VENUE_TYPE_PROFILES: Record<VenueType, { terms: string[]; label: string; moods: Mood[]; genres: string[] }> = {
  bar: { terms: ['bar', 'dive bar', 'sports bar', 'bars'], label: 'a bar', moods: ['energetic', 'party'], genres: ['rock', 'hard-rock', 'grunge', 'alternative', 'classic-rock'] },
  club: { terms: ['club', 'nightclub', 'night club', 'clubs', 'disco club'], label: 'a club', moods: ['party', 'energetic'], genres: ['edm', 'electronic', 'dance', 'house', 'techno', 'hiphop', 'funk', 'latin', 'synth-pop'] },
  restaurant: { terms: ['restaurant', 'diner', 'bistro', 'trattoria', 'restaurants'], label: 'a restaurant', moods: ['romantic', 'chill', 'upbeat'], genres: ['jazz', 'soul', 'rnb', 'latin', 'funk'] },
  cafe: { terms: ['cafe', 'coffee shop', 'coffeehouse', 'coffee house', 'cafes', 'bakery'], label: 'a café', moods: ['chill', 'focus'], genres: ['indie-folk', 'indie', 'folk', 'lofi', 'jazz', 'indie-pop'] },
  lounge: { terms: ['lounge', 'cocktail bar', 'cocktail lounge', 'rooftop', 'hotel lobby', 'wine bar'], label: 'a lounge', moods: ['chill', 'romantic'], genres: ['soul', 'rnb', 'jazz', 'classical', 'ambient'] },
  pub: { terms: ['pub', 'tavern', 'irish pub', 'pubs'], label: 'a pub', moods: ['party', 'upbeat'], genres: ['rock', 'britpop', 'indie-rock', 'pop-rock', 'classic-rock'] },
  music_venue: { terms: ['music venue', 'concert hall', 'jazz club', 'live venue', 'concert', 'gig'], label: 'a music venue', moods: ['chill', 'focus'], genres: ['jazz', 'classical', 'blues', 'rock'] },
  other: { terms: [], label: 'the venue', moods: [], genres: [] },
};

/**
 * The decade of well-known artists (normalised names), so era words work on a catalogue that has no dates.
 * Artists not listed fall back to their genre's decade.
 */
export const ARTIST_DECADES: Record<string, number> = {
  queen: 1970, nirvana: 1990, 'guns n roses': 1980, 'bon jovi': 1980, survivor: 1980, 'the killers': 2000, oasis: 1990,
  'the cranberries': 1990, 'ac/dc': 1980, 'ac dc': 1980, acdc: 1980, metallica: 1990, 'linkin park': 2000, 'imagine dragons': 2010,
  onerepublic: 2010, coldplay: 2000, gotye: 2010, 'foster the people': 2010, 'arctic monkeys': 2010, 'vance joy': 2010,
  'of monsters and men': 2010, 'the lumineers': 2010, 'ed sheeran': 2010, adele: 2010, 'john legend': 2010, 'mark ronson': 2010,
  'bruno mars': 2010, 'earth wind & fire': 1970, 'earth wind and fire': 1970, 'pharrell williams': 2010, 'michael jackson': 1980,
  'the weeknd': 2020, 'a ha': 1980, aha: 1980, 'alan walker': 2010, avicii: 2010, 'major lazer': 2010, 'dj snake': 2010, lmfao: 2010,
  'luis fonsi': 2010, 'daddy yankee': 2000, shakira: 2010, eminem: 2000, 'wiz khalifa': 2010, 'charlie puth': 2010,
  'the dave brubeck quartet': 1950, 'dave brubeck': 1950, 'lofi girl': 2020, 'frederic chopin': 1800, chopin: 1800,
  'ludwig van beethoven': 1800, beethoven: 1800, 'claude debussy': 1900, debussy: 1900, 'rick astley': 1980,
  'the beatles': 1960, 'pink floyd': 1970, 'led zeppelin': 1970, 'the rolling stones': 1960, madonna: 1980, prince: 1980,
  'daft punk': 2000, radiohead: 1990, 'taylor swift': 2010, 'billie eilish': 2020, 'dua lipa': 2020, drake: 2010,
};

/**
 * Genres of well-known artists who may not be in the catalogue, so "songs like Radiohead" can still be
 * answered from the nearest genre, honestly labelled as such.
 */
export const KNOWN_ARTISTS: Record<string, string[]> = {
  radiohead: ['alternative', 'indie'], 'the beatles': ['rock', 'pop-rock'], beatles: ['rock', 'pop-rock'], 'pink floyd': ['rock', 'classic-rock'],
  'led zeppelin': ['hard-rock', 'classic-rock'], 'the rolling stones': ['classic-rock', 'rock'], 'foo fighters': ['alternative', 'hard-rock'],
  'red hot chili peppers': ['alternative', 'funk'], 'the strokes': ['indie-rock'], 'tame impala': ['indie', 'indie-pop'], 'bon iver': ['indie-folk', 'folk'],
  'mumford & sons': ['indie-folk'], 'mumford and sons': ['indie-folk'], 'the national': ['indie', 'alternative'], 'vampire weekend': ['indie-pop', 'indie-rock'],
  'taylor swift': ['pop'], 'dua lipa': ['pop', 'dance'], 'billie eilish': ['pop', 'indie-pop'], 'harry styles': ['pop', 'pop-rock'], 'ariana grande': ['pop', 'rnb'],
  'lady gaga': ['pop', 'dance'], madonna: ['pop', 'synth-pop'], 'depeche mode': ['synth-pop'], 'duran duran': ['synth-pop'], 'tears for fears': ['synth-pop'],
  'daft punk': ['electronic', 'house'], 'calvin harris': ['edm', 'dance'], 'david guetta': ['edm', 'dance'], skrillex: ['dnb', 'edm'], 'swedish house mafia': ['edm', 'house'],
  beyonce: ['rnb', 'pop'], rihanna: ['pop', 'rnb'], 'frank ocean': ['rnb'], sza: ['rnb'], 'amy winehouse': ['soul', 'jazz'], 'aretha franklin': ['soul'],
  'marvin gaye': ['soul', 'rnb'], 'stevie wonder': ['soul', 'funk'], 'james brown': ['funk', 'soul'], prince: ['funk', 'pop'], 'chic': ['disco', 'funk'],
  'bee gees': ['disco', 'pop'], abba: ['pop', 'disco'], drake: ['hiphop'], 'kendrick lamar': ['hiphop'], 'kanye west': ['hiphop'], 'jay z': ['hiphop'],
  'travis scott': ['hiphop'], '2pac': ['hiphop'], tupac: ['hiphop'], 'snoop dogg': ['hiphop'], 'bad bunny': ['latin'], 'j balvin': ['latin'], 'karol g': ['latin'],
  'marc anthony': ['latin'], 'miles davis': ['jazz'], 'john coltrane': ['jazz'], 'louis armstrong': ['jazz'], 'ella fitzgerald': ['jazz'], 'frank sinatra': ['jazz'],
  'norah jones': ['jazz', 'soul'], 'chet baker': ['jazz'], mozart: ['classical'], bach: ['classical'], vivaldi: ['classical'], tchaikovsky: ['classical'],
  'ludovico einaudi': ['classical', 'ambient'], 'hans zimmer': ['soundtrack', 'classical'], 'bob marley': ['reggae'], 'johnny cash': ['country'],
  'dolly parton': ['country'], 'slayer': ['metal'], 'iron maiden': ['metal'], 'black sabbath': ['metal', 'hard-rock'], 'green day': ['punk'], 'blink 182': ['punk'],
  'bts': ['kpop'], blackpink: ['kpop'], 'nujabes': ['lofi', 'hiphop'], 'brian eno': ['ambient'], 'aphex twin': ['electronic', 'ambient'],
};
