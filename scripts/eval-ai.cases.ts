/**
 * DJ Verse's evaluation cases, labelled by hand, song by song, from what the records are (not from the
 * engine's tables): for each request, the demo songs a knowledgeable DJ would accept (`relevant`) and the
 * ones any good answer must contain (`obvious`). `none` marks requests the catalogue cannot answer: the
 * reply must say so plainly and label its near matches. `name` is a name the reply must admit it lacks.
 */

export type Category =
  | 'genre'
  | 'mood'
  | 'activity'
  | 'era'
  | 'similar'
  | 'artist'
  | 'negation'
  | 'typo'
  | 'language'
  | 'venue'
  | 'follow-up'
  | 'count'
  | 'honesty'
  | 'personal';

export interface EvalCase {
  category: Category;
  /** One request, or a conversation whose last reply is judged. */
  ask: string | string[];
  relevant?: string[];
  obvious?: string[];
  /** The catalogue has nothing that fits: say so, cards only as labelled near matches under 0.6. */
  none?: true;
  /** A name the reply must say plainly it does not have. */
  name?: string;
  /** An ordinary phrase that must not be echoed back as a missing title. */
  notAName?: true;
  /** Exactly this many cards. */
  count?: number;
  /** The reply's language (es, de, fr, pt). */
  lang?: 'es' | 'de' | 'fr' | 'pt';
  /** Which listener asks: the demo user (has votes), a new user (no votes) or both (default). */
  users?: 'demo' | 'new' | 'both';
}

// Hand-written groups of the 49 demo songs.
const ROCK = [
  'Bohemian Rhapsody',
  "Don't Stop Me Now",
  'Smells Like Teen Spirit',
  "Sweet Child O' Mine",
  "Livin' On A Prayer",
  'Eye of the Tiger',
  'Mr. Brightside',
  'Wonderwall',
  'Zombie',
  'Back In Black',
  'Thunderstruck',
  'Enter Sandman',
  'Nothing Else Matters',
  'In The End',
  'Believer',
  'Yellow',
  'Do I Wanna Know?',
  'Paradise',
  'Counting Stars',
];
const NOT_ROCK = [
  'Somebody That I Used to Know',
  'Pumped Up Kicks',
  'Riptide',
  'Little Talks',
  'Ho Hey',
  'Shape of You',
  'Perfect',
  'Hello',
  'Someone Like You',
  'All of Me',
  'Uptown Funk',
  'September',
  'Happy',
  'Billie Jean',
  'Blinding Lights',
  'Take On Me',
  'Faded',
  'Wake Me Up',
  'Lean On',
  'Party Rock Anthem',
  'Despacito',
  'Waka Waka (This Time for Africa)',
  'Lose Yourself',
  'See You Again',
  'Take Five',
  'lofi hip hop radio — beats to relax/study to',
  'Nocturne Op. 9 No. 2',
  'Moonlight Sonata',
  'Clair de Lune',
  'Never Gonna Give You Up',
];
const LOFI = 'lofi hip hop radio — beats to relax/study to';
const CLASSICAL = ['Nocturne Op. 9 No. 2', 'Moonlight Sonata', 'Clair de Lune'];
const STUDY = [LOFI, ...CLASSICAL, 'Take Five'];
const SLEEP = [LOFI, ...CLASSICAL];
const SOUL = ['Hello', 'Someone Like You', 'All of Me'];
const LATIN = ['Despacito', 'Waka Waka (This Time for Africa)'];
const RUNNING = [
  'Eye of the Tiger',
  'Lose Yourself',
  'Believer',
  "Don't Stop Me Now",
  'Thunderstruck',
  'Mr. Brightside',
  'Blinding Lights',
  'Uptown Funk',
  'Party Rock Anthem',
  'Waka Waka (This Time for Africa)',
  'Smells Like Teen Spirit',
  "Livin' On A Prayer",
  'Take On Me',
  'Wake Me Up',
  'Back In Black',
  'Enter Sandman',
  'Little Talks',
  'Happy',
  'Never Gonna Give You Up',
];
const WORKOUT = [...RUNNING, 'In The End', "Sweet Child O' Mine", 'Zombie'];
const PARTY = [
  'Party Rock Anthem',
  'Uptown Funk',
  "Don't Stop Me Now",
  "Livin' On A Prayer",
  'Despacito',
  'Waka Waka (This Time for Africa)',
  'Lean On',
  'Wake Me Up',
  'September',
  'Billie Jean',
  'Shape of You',
  'Blinding Lights',
  'Mr. Brightside',
  'Never Gonna Give You Up',
  'Happy',
  'Take On Me',
  'Back In Black',
];
const SAD = [
  'Someone Like You',
  'Hello',
  'Somebody That I Used to Know',
  'See You Again',
  'Moonlight Sonata',
  'Nothing Else Matters',
  'Yellow',
  'Wonderwall',
  'Paradise',
  'Faded',
  'Zombie',
  'In The End',
];
const ROMANTIC = [
  'Perfect',
  'All of Me',
  'Nocturne Op. 9 No. 2',
  'Clair de Lune',
  'Yellow',
  'Nothing Else Matters',
  "Sweet Child O' Mine",
  'Ho Hey',
  'Wonderwall',
  'Riptide',
  'Shape of You',
  'Despacito',
  'Do I Wanna Know?',
  'Take Five',
];
const CHILL = [
  'Take Five',
  LOFI,
  ...CLASSICAL,
  'Riptide',
  'Do I Wanna Know?',
  'Yellow',
  'Faded',
  'Paradise',
  'Pumped Up Kicks',
  'Ho Hey',
];
const HAPPY = [
  'Happy',
  "Don't Stop Me Now",
  'Uptown Funk',
  'September',
  'Take On Me',
  'Never Gonna Give You Up',
  'Riptide',
  'Ho Hey',
  'Little Talks',
  'Counting Stars',
  'Wake Me Up',
  'Waka Waka (This Time for Africa)',
  'Shape of You',
  "Livin' On A Prayer",
  'Pumped Up Kicks',
];
const INDIE = [
  'Mr. Brightside',
  'Somebody That I Used to Know',
  'Pumped Up Kicks',
  'Do I Wanna Know?',
  'Riptide',
  'Little Talks',
  'Ho Hey',
  'Wonderwall',
];
const ELECTRONIC = ['Faded', 'Wake Me Up', 'Lean On', 'Party Rock Anthem', 'Blinding Lights', 'Take On Me'];
const COLDPLAY_LIKE = [
  'Yellow',
  'Paradise',
  'Wonderwall',
  'Counting Stars',
  'Believer',
  'Mr. Brightside',
  'Somebody That I Used to Know',
  'In The End',
  'Do I Wanna Know?',
  'Zombie',
  'Faded',
  'Riptide',
  'Little Talks',
  'Pumped Up Kicks',
  'Ho Hey',
];

export const CASES: EvalCase[] = [
  // Genres.
  { category: 'genre', ask: 'rock', relevant: ROCK },
  { category: 'genre', ask: 'jazz', relevant: ['Take Five'], obvious: ['Take Five'] },
  { category: 'genre', ask: 'hip hop', relevant: ['Lose Yourself', 'See You Again'], obvious: ['Lose Yourself'] },
  { category: 'genre', ask: 'classical music', relevant: CLASSICAL, obvious: CLASSICAL },
  { category: 'genre', ask: 'latin music', relevant: LATIN, obvious: ['Despacito'] },
  { category: 'genre', ask: 'soul', relevant: SOUL, obvious: ['Hello', 'Someone Like You'] },
  { category: 'genre', ask: 'electronic dance music', relevant: ELECTRONIC },
  { category: 'genre', ask: 'funky tunes', relevant: ['Uptown Funk', 'September', 'Billie Jean'] },
  { category: 'genre', ask: 'indie', relevant: INDIE },
  {
    category: 'genre',
    ask: 'chill indie songs',
    relevant: ['Riptide', 'Do I Wanna Know?', 'Pumped Up Kicks', 'Ho Hey', 'Somebody That I Used to Know'],
  },
  {
    category: 'genre',
    ask: 'heavy metal',
    relevant: ['Enter Sandman', 'Nothing Else Matters', 'Back In Black', 'Thunderstruck'],
    obvious: ['Enter Sandman'],
  },
  // Moods.
  { category: 'mood', ask: 'sad songs', relevant: SAD, obvious: ['Someone Like You'] },
  { category: 'mood', ask: 'happy upbeat songs', relevant: HAPPY, obvious: ['Happy'] },
  { category: 'mood', ask: 'something romantic', relevant: ROMANTIC },
  { category: 'mood', ask: 'party anthems', relevant: PARTY },
  { category: 'mood', ask: 'chill music', relevant: CHILL },
  { category: 'mood', ask: 'upbeat', relevant: HAPPY },
  // Activities.
  { category: 'activity', ask: 'music for running', relevant: RUNNING, obvious: ['Eye of the Tiger'] },
  { category: 'activity', ask: 'workout music', relevant: WORKOUT },
  { category: 'activity', ask: 'music to study to', relevant: STUDY, obvious: [LOFI] },
  { category: 'activity', ask: 'romantic dinner music', relevant: ROMANTIC, obvious: ['Perfect'] },
  {
    category: 'activity',
    ask: 'breakup songs',
    relevant: [
      'Someone Like You',
      'Hello',
      'Somebody That I Used to Know',
      'See You Again',
      'Nothing Else Matters',
      'Yellow',
    ],
    obvious: ['Someone Like You'],
  },
  { category: 'activity', ask: 'music for sleeping', relevant: SLEEP },
  { category: 'activity', ask: 'focus music for coding', relevant: STUDY },
  // Eras.
  {
    category: 'era',
    ask: '80s hits',
    relevant: [
      'Billie Jean',
      'Take On Me',
      'Never Gonna Give You Up',
      "Livin' On A Prayer",
      "Sweet Child O' Mine",
      'Eye of the Tiger',
      'Back In Black',
    ],
  },
  {
    category: 'era',
    ask: '90s rock',
    relevant: [
      'Smells Like Teen Spirit',
      'Wonderwall',
      'Zombie',
      'Thunderstruck',
      'Enter Sandman',
      'Nothing Else Matters',
    ],
  },
  {
    category: 'era',
    ask: 'songs from the 2000s',
    relevant: ['Mr. Brightside', 'In The End', 'Yellow', 'Lose Yourself'],
    obvious: ['Mr. Brightside'],
  },
  { category: 'era', ask: '70s music', relevant: ['Bohemian Rhapsody', "Don't Stop Me Now", 'September'] },
  // Similar.
  { category: 'similar', ask: 'songs similar to Coldplay', relevant: COLDPLAY_LIKE },
  {
    category: 'similar',
    ask: 'songs like Queen',
    relevant: [
      "Livin' On A Prayer",
      "Sweet Child O' Mine",
      'Mr. Brightside',
      'Eye of the Tiger',
      'Back In Black',
      'Thunderstruck',
      'Bohemian Rhapsody',
      "Don't Stop Me Now",
      'Wonderwall',
      'Take On Me',
    ],
  },
  {
    category: 'similar',
    ask: 'songs like Avicii',
    relevant: [
      'Faded',
      'Lean On',
      'Party Rock Anthem',
      'Blinding Lights',
      'Wake Me Up',
      'Take On Me',
      'Counting Stars',
    ],
  },
  {
    category: 'similar',
    ask: 'something like Mr Brightside',
    relevant: [
      'Wonderwall',
      'Do I Wanna Know?',
      "Livin' On A Prayer",
      "Sweet Child O' Mine",
      "Don't Stop Me Now",
      'Little Talks',
      'Pumped Up Kicks',
      'Smells Like Teen Spirit',
      'Zombie',
      'In The End',
      'Counting Stars',
      'Believer',
      'Take On Me',
    ],
  },
  {
    category: 'similar',
    ask: 'songs like Yellow',
    relevant: [
      'Paradise',
      'Wonderwall',
      'Somebody That I Used to Know',
      'Faded',
      'Do I Wanna Know?',
      'Nothing Else Matters',
      'Riptide',
      'Ho Hey',
      'Perfect',
      'Hello',
      'Someone Like You',
      'All of Me',
      'See You Again',
    ],
  },
  {
    category: 'similar',
    ask: 'songs like Adele',
    relevant: ['All of Me', 'Perfect', 'See You Again', 'Hello', 'Someone Like You', 'Yellow', 'Nothing Else Matters'],
  },
  // Artists.
  {
    category: 'artist',
    ask: 'anything by Adele',
    relevant: ['Hello', 'Someone Like You'],
    obvious: ['Hello', 'Someone Like You'],
  },
  {
    category: 'artist',
    ask: 'Queen songs',
    relevant: ['Bohemian Rhapsody', "Don't Stop Me Now"],
    obvious: ['Bohemian Rhapsody', "Don't Stop Me Now"],
  },
  {
    category: 'artist',
    ask: 'songs by Metallica',
    relevant: ['Enter Sandman', 'Nothing Else Matters'],
    obvious: ['Enter Sandman', 'Nothing Else Matters'],
  },
  {
    category: 'artist',
    ask: 'give me some metal',
    relevant: ['Enter Sandman', 'Nothing Else Matters', 'Back In Black', 'Thunderstruck'],
    obvious: ['Enter Sandman', 'Nothing Else Matters'],
  },
  // Negation.
  { category: 'negation', ask: 'anything but rock', relevant: NOT_ROCK },
  { category: 'negation', ask: 'something other than rock', relevant: NOT_ROCK },
  {
    category: 'negation',
    ask: 'party music without rock',
    relevant: PARTY.filter((t) => !ROCK.includes(t) && t !== 'Back In Black'),
  },
  {
    category: 'negation',
    ask: 'rock but not too loud',
    relevant: [
      'Wonderwall',
      'Yellow',
      'Nothing Else Matters',
      'Do I Wanna Know?',
      'Bohemian Rhapsody',
      'Paradise',
      'Counting Stars',
      "Sweet Child O' Mine",
      'Zombie',
      'In The End',
    ],
  },
  { category: 'negation', ask: 'chill music, no classical', relevant: CHILL.filter((t) => !CLASSICAL.includes(t)) },
  // Typos.
  { category: 'typo', ask: 'jaz', relevant: ['Take Five'], obvious: ['Take Five'] },
  { category: 'typo', ask: 'clasical piano', relevant: CLASSICAL, obvious: CLASSICAL },
  { category: 'typo', ask: 'hiphop workout muzic', relevant: ['Lose Yourself'], obvious: ['Lose Yourself'] },
  { category: 'typo', ask: 'sngs lik coldpaly', relevant: COLDPLAY_LIKE },
  { category: 'typo', ask: 'rok music', relevant: ROCK },
  // Other languages.
  { category: 'language', ask: 'recomiéndame canciones tranquilas para estudiar', relevant: STUDY, lang: 'es' },
  { category: 'language', ask: 'música latina para bailar', relevant: LATIN, obvious: ['Despacito'], lang: 'es' },
  { category: 'language', ask: 'Ich möchte entspannte Musik zum Lesen', relevant: STUDY, lang: 'de' },
  { category: 'language', ask: 'Spiel mir etwas Rockmusik', relevant: ROCK, lang: 'de' },
  { category: 'language', ask: 'je veux de la musique douce pour dormir', relevant: SLEEP, lang: 'fr' },
  { category: 'language', ask: 'quero músicas animadas para correr', relevant: RUNNING, lang: 'pt' },
  { category: 'language', ask: 'canciones tristes', relevant: SAD, lang: 'es' },
  // Venues.
  {
    category: 'venue',
    ask: 'something for Neon Nights',
    relevant: [
      'Uptown Funk',
      'Billie Jean',
      'Blinding Lights',
      'Faded',
      'Wake Me Up',
      'Lean On',
      'Party Rock Anthem',
      'Take On Me',
      'September',
      'Despacito',
      'Happy',
    ],
  },
  { category: 'venue', ask: 'music for the Blue Note', relevant: [...STUDY, 'Hello', 'Someone Like You', 'All of Me'] },
  {
    category: 'venue',
    ask: 'music for a coffee shop',
    relevant: [
      'Riptide',
      'Little Talks',
      'Ho Hey',
      'Somebody That I Used to Know',
      'Pumped Up Kicks',
      'Yellow',
      LOFI,
      'Take Five',
      'Clair de Lune',
      'Do I Wanna Know?',
    ],
  },
  // Follow-ups.
  { category: 'follow-up', ask: ['rock', 'more'], relevant: ROCK },
  {
    category: 'follow-up',
    ask: ['indie', 'something faster'],
    relevant: ['Mr. Brightside', 'Little Talks', 'Wonderwall', 'Pumped Up Kicks', 'Do I Wanna Know?'],
  },
  { category: 'follow-up', ask: ['chill jazz', 'chill jazz'], relevant: ['Take Five'], obvious: ['Take Five'] },
  // Counts and charts.
  { category: 'count', ask: '3 soul songs', relevant: SOUL, count: 3 },
  { category: 'count', ask: "what's hot in the top 100", count: 5 },
  { category: 'count', ask: 'two party songs', relevant: PARTY, count: 2 },
  // Honesty: what the catalogue does not have.
  { category: 'honesty', ask: 'country music', none: true },
  { category: 'honesty', ask: 'k-pop', none: true },
  { category: 'honesty', ask: 'reggae', none: true },
  { category: 'honesty', ask: 'songs like Fleetwood Mac', none: true, name: 'Fleetwood Mac' },
  { category: 'honesty', ask: 'songs by the Eagles', none: true, name: 'Eagles' },
  { category: 'honesty', ask: 'Hotel California', none: true, name: 'Hotel California' },
  { category: 'honesty', ask: 'music like Zorblax Quintet', none: true, name: 'Zorblax Quintet' },
  { category: 'honesty', ask: 'something like what I upvoted', notAName: true },
  { category: 'honesty', ask: "drinks I'd like to pick", notAName: true },
  // Personal: with and without votes.
  { category: 'personal', ask: 'recommend something', users: 'both' },
];
