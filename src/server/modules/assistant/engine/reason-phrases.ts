/**
 * The words of a card's reason in each language DJ Verse answers in. `reasons.ts` decides which facts a reason
 * states; this file only says them. English is the reference wording; the other languages say the same facts.
 */
import type { VenueType } from '../../../../shared/constants';
import type { Lang } from './language';
import type { Mood } from './lexicon';

export interface ReasonPhrases {
  moodAdj: Record<Mood, string>;
  /** "your run", "study time": how an activity is named after "made for". */
  activity: (id: string, englishLabel: string) => string;
  /** "a bar", "a café". */
  venueType: (type: VenueType) => string;
  /** "the 90s", "the classical canon", "back in the day". */
  era: (decade: number | null) => string;
  and: string;
  // Evidence.
  venueRank: (rank: number, venue: string) => string;
  neighbours: (n: number, seed: string) => string;
  globalRank: (rank: number) => string;
  crowd: (up: number, down: number) => string;
  fitsMood: (mood: Mood) => string;
  uploadedIt: string;
  uploadedGenre: (genre: string) => string;
  upvotedOthers: (n: number, genre: string) => string;
  // Leads.
  byArtist: (artist: string) => string;
  similarNeighbours: (n: number, seed: string) => string;
  closestSound: (genre: string, ref: string) => string;
  sameLane: (genre: string, ref: string) => string;
  closeToSoundOf: (genre: string, refGenre: string | null, ref: string) => string;
  changeOfPace: (ref: string) => string;
  alreadyInVenue: (venue: string) => string;
  matchesVenue: (genre: string, venue: string) => string;
  familyPart: (label: string) => string;
  familyNearest: (label: string) => string;
  familyClose: (label: string) => string;
  moodGenre: (mood: Mood, genreWithFamily: string) => string;
  fromEra: (genreWithFamily: string, era: string) => string;
  pure: (genre: string) => string;
  activityLead: (energy: 'high' | 'gentle' | 'steady', genre: string, activity: string) => string;
  eraTitle: (era: string, title: string, artist: string) => string;
  setsMood: (genre: string, mood: Mood) => string;
  spinningAt: (genre: string, type: VenueType) => string;
  suits: (genre: string, type: VenueType) => string;
  tempo: (genre: string) => string;
  fresh: (genre: string, artist: string) => string;
  /** The genre's stand-in when a song has none ("This track"). */
  noGenre: string;
  nearest: (text: string) => string;
}

const NUMBER_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** "two", "three" … for small counts, digits beyond ten. */
export const numberWord = (n: number) => NUMBER_NAMES[n] ?? String(n);
const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);
/** Upper-cases the first letter. */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "Neon Nights'" and "Café Melody's". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

const decade2 = (d: number) => String(d).slice(2);

const en: ReasonPhrases = {
  moodAdj: {
    energetic: 'high-energy',
    chill: 'laid-back',
    romantic: 'romantic',
    focus: 'focused',
    party: 'party-ready',
    melancholy: 'bittersweet',
    upbeat: 'feel-good',
  },
  activity: (_id, label) => label,
  venueType: (t) => (t === 'cafe' ? 'a café' : `a ${t.replace('_', ' ')}`),
  era: (d) =>
    d === null ? 'back in the day' : d < 1900 ? 'the classical canon' : d < 2000 ? `the ${decade2(d)}s` : `the ${d}s`,
  and: 'and',
  venueRank: (rank, venue) => `#${rank} in ${possessive(venue)} mix`,
  neighbours: (n, seed) => `${numberWord(n)} listeners who upvoted ${seed} upvoted this too`,
  globalRank: (rank) => `#${rank} in the global Top 100`,
  crowd: (up, down) =>
    down
      ? `${up} upvotes to ${down} ${plural(down, 'downvote')} from the crowd`
      : `${up} upvotes and not one downvote from the crowd`,
  fitsMood: (mood) => `it fits your ${mood} mood`,
  uploadedIt: 'you uploaded it yourself',
  uploadedGenre: (g) => `you uploaded ${g} yourself`,
  upvotedOthers: (n, g) => `you upvoted ${numberWord(n)} other ${g} ${plural(n, 'track')}`,
  byArtist: (a) => `Straight from ${a}, as requested`,
  similarNeighbours: (n, seed) =>
    `${capitalise(numberWord(n))} ${plural(n, 'listener')} who upvoted ${seed} also upvoted this`,
  closestSound: (g, ref) => `${g} — the closest sound to ${ref} in our crates`,
  sameLane: (g, ref) => `Same ${g} lane as ${ref}`,
  closeToSoundOf: (g, refGenre, ref) => `${g}, close to the ${refGenre ?? 'sound'} of ${ref}`,
  changeOfPace: (ref) => `A change of pace from ${ref}, backed by the crowd`,
  alreadyInVenue: (v) => `Already in ${possessive(v)} mix`,
  matchesVenue: (g, v) => `${g} that matches ${possessive(v)} sound`,
  familyPart: (l) => `, part of the ${l} family`,
  familyNearest: (l) => `, the nearest we have to ${l}`,
  familyClose: (l) => `, close to ${l}`,
  moodGenre: (m, g) => `${capitalise(en.moodAdj[m])} ${g}`,
  fromEra: (g, era) => `${g} from ${era}`,
  pure: (g) => `Pure ${g}`,
  activityLead: (e, g, a) =>
    `${e === 'high' ? 'High-octane' : e === 'gentle' ? 'Gentle' : 'Steady'} ${g} made for ${a}`,
  eraTitle: (era, t, a) => `${capitalise(era)}: ${t} by ${a}`,
  setsMood: (g, m) => `${g} that sets a ${en.moodAdj[m]} mood`,
  spinningAt: (g, t) => `${g} already spinning at a ${t.replace('_', ' ')}`,
  suits: (g, t) => `${g} that suits ${en.venueType(t)}`,
  tempo: (g) => `${g} at just the right tempo`,
  fresh: (g, a) => `${g} by ${a}, fresh in the catalogue`,
  noGenre: 'This track',
  nearest: (text) => `Nearest match: ${text}`,
};

type Table<K extends string> = Record<K, string>;
type ForeignWords = {
  moodAdj: Table<Mood>;
  activities: Record<string, string>;
  venueTypes: Table<VenueType>;
};

const ES: ForeignWords = {
  moodAdj: {
    energetic: 'con mucha energía',
    chill: 'relajado',
    romantic: 'romántico',
    focus: 'para concentrarse',
    party: 'de fiesta',
    melancholy: 'agridulce',
    upbeat: 'alegre',
  },
  activities: {
    workout: 'tu entrenamiento',
    breakup: 'un corazón roto',
    running: 'correr',
    study: 'estudiar',
    work: 'trabajar concentrado',
    dinner: 'la cena',
    date: 'una cita',
    cooking: 'cocinar',
    party: 'la fiesta',
    sleep: 'dormir',
    driving: 'conducir',
    meditation: 'meditar',
    morning: 'tu mañana',
    cleaning: 'el día de limpieza',
    rainy: 'un día de lluvia',
    karaoke: 'el karaoke',
    summer: 'el verano',
    gaming: 'una sesión de videojuegos',
  },
  venueTypes: {
    bar: 'un bar',
    club: 'un club',
    restaurant: 'un restaurante',
    cafe: 'un café',
    lounge: 'un lounge',
    pub: 'un pub',
    music_venue: 'una sala de conciertos',
    other: 'el local',
  },
};

const es: ReasonPhrases = {
  moodAdj: ES.moodAdj,
  activity: (id, l) => ES.activities[id] ?? l,
  venueType: (t) => ES.venueTypes[t],
  era: (d) =>
    d === null
      ? 'otros tiempos'
      : d < 1900
        ? 'el repertorio clásico'
        : d < 2000
          ? `los ${decade2(d)}`
          : `la década de ${d}`,
  and: 'y',
  venueRank: (r, v) => `n.º ${r} en la mezcla de ${v}`,
  neighbours: (n, s) => `${n} oyentes que votaron a favor de ${s} también votaron esta`,
  globalRank: (r) => `n.º ${r} en el Top 100 global`,
  crowd: (up, down) =>
    down ? `${up} votos a favor y ${down} en contra del público` : `${up} votos a favor y ni uno en contra`,
  fitsMood: (m) => `encaja con tu estado de ánimo (${ES.moodAdj[m]})`,
  uploadedIt: 'la subiste tú',
  uploadedGenre: (g) => `tú mismo subiste ${g}`,
  upvotedOthers: (n, g) => `votaste a favor de ${n === 1 ? 'otra canción' : `otras ${n} canciones`} de ${g}`,
  byArtist: (a) => `De ${a}, como pediste`,
  similarNeighbours: (n, s) =>
    n === 1
      ? `Quien votó a favor de ${s} también votó esta`
      : `${n} oyentes que votaron a favor de ${s} también votaron esta`,
  closestSound: (g, ref) => `${g}: lo más parecido a ${ref} en nuestro catálogo`,
  sameLane: (g, ref) => `El mismo ${g} que ${ref}`,
  closeToSoundOf: (g, rg, ref) => `${g}, cerca del ${rg ?? 'sonido'} de ${ref}`,
  changeOfPace: (ref) => `Un cambio de ritmo respecto a ${ref}, con el respaldo del público`,
  alreadyInVenue: (v) => `Ya está en la mezcla de ${v}`,
  matchesVenue: (g, v) => `${g} que encaja con el sonido de ${v}`,
  familyPart: (l) => `, de la familia del ${l}`,
  familyNearest: (l) => `, lo más cercano al ${l} que tenemos`,
  familyClose: (l) => `, cerca del ${l}`,
  moodGenre: (m, g) => `${capitalise(g)} ${ES.moodAdj[m]}`,
  fromEra: (g, era) => `${g} ${era.startsWith('el ') ? `del ${era.slice(3)}` : `de ${era}`}`,
  pure: (g) => `${g} puro`,
  activityLead: (e, g, a) =>
    `${g} ${e === 'high' ? 'a tope' : e === 'gentle' ? 'suave' : 'con ritmo constante'} para ${a}`,
  eraTitle: (era, t, a) => `${capitalise(era)}: ${t} de ${a}`,
  setsMood: (g, m) => `${g} con un ambiente ${ES.moodAdj[m]}`,
  spinningAt: (g, t) => `${g} que ya suena en ${ES.venueTypes[t]}`,
  suits: (g, t) => `${g} ideal para ${ES.venueTypes[t]}`,
  tempo: (g) => `${g} al tempo justo`,
  fresh: (g, a) => `${g} de ${a}, recién llegada al catálogo`,
  noGenre: 'Esta canción',
  nearest: (text) => `Opción cercana: ${text}`,
};

const DE: ForeignWords = {
  moodAdj: {
    energetic: 'energiegeladen',
    chill: 'entspannt',
    romantic: 'romantisch',
    focus: 'konzentriert',
    party: 'partytauglich',
    melancholy: 'bittersüß',
    upbeat: 'gut gelaunt',
  },
  activities: {
    workout: 'dein Training',
    breakup: 'ein gebrochenes Herz',
    running: 'deinen Lauf',
    study: 'das Lernen',
    work: 'konzentriertes Arbeiten',
    dinner: 'das Abendessen',
    date: 'ein Date',
    cooking: 'das Kochen',
    party: 'die Party',
    sleep: 'die Nacht',
    driving: 'die Fahrt',
    meditation: 'die Meditation',
    morning: 'deinen Morgen',
    cleaning: 'den Putztag',
    rainy: 'einen Regentag',
    karaoke: 'Karaoke',
    summer: 'Sommertage',
    gaming: 'eine Gaming-Session',
  },
  venueTypes: {
    bar: 'eine Bar',
    club: 'einen Club',
    restaurant: 'ein Restaurant',
    cafe: 'ein Café',
    lounge: 'eine Lounge',
    pub: 'einen Pub',
    music_venue: 'eine Konzerthalle',
    other: 'den Laden',
  },
};

const de: ReasonPhrases = {
  moodAdj: DE.moodAdj,
  activity: (id, l) => DE.activities[id] ?? l,
  venueType: (t) => DE.venueTypes[t],
  era: (d) =>
    d === null ? 'früheren Zeiten' : d < 1900 ? 'der Klassik' : d < 2000 ? `den ${decade2(d)}ern` : `den ${d}ern`,
  and: 'und',
  venueRank: (r, v) => `Nr. ${r} im Mix von ${v}`,
  neighbours: (n, s) => `${n} Leute, die für ${s} gestimmt haben, mögen auch diesen`,
  globalRank: (r) => `Nr. ${r} in den globalen Top 100`,
  crowd: (up, down) =>
    down
      ? `${up} ${up === 1 ? 'Stimme' : 'Stimmen'} dafür und ${down} dagegen vom Publikum`
      : `${up} ${up === 1 ? 'Stimme' : 'Stimmen'} dafür und keine einzige dagegen`,
  fitsMood: (m) => `passt zu deiner Stimmung (${DE.moodAdj[m]})`,
  uploadedIt: 'du hast ihn selbst hochgeladen',
  uploadedGenre: (g) => `du hast selbst ${g} hochgeladen`,
  upvotedOthers: (n, g) => `du hast für ${n === 1 ? `einen anderen ${g}-Song` : `${n} andere ${g}-Songs`} gestimmt`,
  byArtist: (a) => `Direkt von ${a}, wie gewünscht`,
  similarNeighbours: (n, s) =>
    n === 1
      ? `Wer für ${s} gestimmt hat, mag auch diesen`
      : `${n} Leute, die für ${s} gestimmt haben, mögen auch diesen`,
  closestSound: (g, ref) => `${g} — der Sound, der ${ref} bei uns am nächsten kommt`,
  sameLane: (g, ref) => `Derselbe ${g} wie ${ref}`,
  closeToSoundOf: (g, rg, ref) => `${g}, nah am ${rg ?? 'Sound'} von ${ref}`,
  changeOfPace: (ref) => `Ein Tempowechsel nach ${ref}, vom Publikum gemocht`,
  alreadyInVenue: (v) => `Schon im Mix von ${v}`,
  matchesVenue: (g, v) => `${g}, der zum Sound von ${v} passt`,
  familyPart: (l) => `, aus der ${l}-Familie`,
  familyNearest: (l) => `, das Nächste zu ${l}, das wir haben`,
  familyClose: (l) => `, nah an ${l}`,
  moodGenre: (m, g) => `${capitalise(DE.moodAdj[m])}er ${g}`,
  fromEra: (g, era) => `${g} aus ${era}`,
  pure: (g) => `${g} pur`,
  activityLead: (e, g, a) =>
    `${e === 'high' ? 'Volle Power' : e === 'gentle' ? 'Sanfter' : 'Gleichmäßiger'} ${g} für ${a}`,
  eraTitle: (era, t, a) => `Aus ${era}: ${t} von ${a}`,
  setsMood: (g, m) => `${g} für eine ${DE.moodAdj[m]}e Stimmung`,
  spinningAt: (g, t) => `${g}, der schon in ${DE.venueTypes[t]} läuft`,
  suits: (g, t) => `${g}, wie gemacht für ${DE.venueTypes[t]}`,
  tempo: (g) => `${g} im richtigen Tempo`,
  fresh: (g, a) => `${g} von ${a}, neu im Katalog`,
  noGenre: 'Dieser Song',
  nearest: (text) => `Nächster Treffer: ${text}`,
};

const FR: ForeignWords = {
  moodAdj: {
    energetic: 'plein d’énergie',
    chill: 'détendu',
    romantic: 'romantique',
    focus: 'concentré',
    party: 'festif',
    melancholy: 'doux-amer',
    upbeat: 'joyeux',
  },
  activities: {
    workout: 'ton entraînement',
    breakup: 'un cœur brisé',
    running: 'ta course',
    study: 'les révisions',
    work: 'le travail concentré',
    dinner: 'le dîner',
    date: 'un rendez-vous',
    cooking: 'la cuisine',
    party: 'la fête',
    sleep: "l'heure du coucher",
    driving: 'la route',
    meditation: 'la méditation',
    morning: 'ton matin',
    cleaning: 'le jour du ménage',
    rainy: 'un jour de pluie',
    karaoke: 'le karaoké',
    summer: "les jours d'été",
    gaming: 'une session de jeu',
  },
  venueTypes: {
    bar: 'un bar',
    club: 'un club',
    restaurant: 'un restaurant',
    cafe: 'un café',
    lounge: 'un lounge',
    pub: 'un pub',
    music_venue: 'une salle de concert',
    other: "l'établissement",
  },
};

const fr: ReasonPhrases = {
  moodAdj: FR.moodAdj,
  activity: (id, l) => FR.activities[id] ?? l,
  venueType: (t) => FR.venueTypes[t],
  era: (d) =>
    d === null
      ? "l'ancien temps"
      : d < 1900
        ? 'le répertoire classique'
        : d < 2000
          ? `les années ${decade2(d)}`
          : `les années ${d}`,
  and: 'et',
  venueRank: (r, v) => `n° ${r} du mix de ${v}`,
  neighbours: (n, s) => `${n} auditeurs qui ont voté pour ${s} ont aussi voté pour celui-ci`,
  globalRank: (r) => `n° ${r} du Top 100 mondial`,
  crowd: (up, down) =>
    down ? `${up} votes pour et ${down} contre du public` : `${up} votes pour et pas un seul contre`,
  fitsMood: (m) => `il colle à ton humeur (${FR.moodAdj[m]})`,
  uploadedIt: "tu l'as ajouté toi-même",
  uploadedGenre: (g) => `tu as ajouté du ${g} toi-même`,
  upvotedOthers: (n, g) => `tu as voté pour ${n === 1 ? 'un autre morceau' : `${n} autres morceaux`} de ${g}`,
  byArtist: (a) => `Directement de ${a}, comme demandé`,
  similarNeighbours: (n, s) =>
    n === 1
      ? `Qui a voté pour ${s} a aussi voté pour celui-ci`
      : `${n} auditeurs qui ont voté pour ${s} ont aussi voté pour celui-ci`,
  closestSound: (g, ref) => `${g} — le son le plus proche de ${ref} dans notre catalogue`,
  sameLane: (g, ref) => `Le même ${g} que ${ref}`,
  closeToSoundOf: (g, rg, ref) => `${g}, proche du ${rg ?? 'son'} de ${ref}`,
  changeOfPace: (ref) => `Un changement de rythme après ${ref}, soutenu par le public`,
  alreadyInVenue: (v) => `Déjà dans le mix de ${v}`,
  matchesVenue: (g, v) => `${g} qui colle au son de ${v}`,
  familyPart: (l) => `, de la famille ${l}`,
  familyNearest: (l) => `, le plus proche du ${l} que nous ayons`,
  familyClose: (l) => `, proche du ${l}`,
  moodGenre: (m, g) => `${capitalise(g)} ${FR.moodAdj[m]}`,
  fromEra: (g, era) => `${g} ${era.replace(/^les /, 'des ').replace(/^le /, 'du ').replace(/^l'/, "de l'")}`,
  pure: (g) => `${g} pur`,
  activityLead: (e, g, a) =>
    `${g} ${e === 'high' ? 'à fond' : e === 'gentle' ? 'tout en douceur' : 'au rythme régulier'} pour ${a}`,
  eraTitle: (era, t, a) => `${capitalise(era)} : ${t} de ${a}`,
  setsMood: (g, m) => `${g} pour une ambiance ${FR.moodAdj[m]}`,
  spinningAt: (g, t) => `${g} qui passe déjà dans ${FR.venueTypes[t]}`,
  suits: (g, t) => `${g} idéal pour ${FR.venueTypes[t]}`,
  tempo: (g) => `${g} au bon tempo`,
  fresh: (g, a) => `${g} de ${a}, tout juste arrivé au catalogue`,
  noGenre: 'Ce morceau',
  nearest: (text) => `Le plus proche : ${text}`,
};

const PT: ForeignWords = {
  moodAdj: {
    energetic: 'cheio de energia',
    chill: 'tranquilo',
    romantic: 'romântico',
    focus: 'para foco',
    party: 'de festa',
    melancholy: 'agridoce',
    upbeat: 'alto-astral',
  },
  activities: {
    workout: 'o seu treino',
    breakup: 'um coração partido',
    running: 'a sua corrida',
    study: 'estudar',
    work: 'trabalhar com foco',
    dinner: 'o jantar',
    date: 'um encontro',
    cooking: 'cozinhar',
    party: 'a festa',
    sleep: 'a hora de dormir',
    driving: 'a estrada',
    meditation: 'meditar',
    morning: 'a sua manhã',
    cleaning: 'o dia de faxina',
    rainy: 'um dia de chuva',
    karaoke: 'o karaokê',
    summer: 'os dias de verão',
    gaming: 'uma sessão de jogos',
  },
  venueTypes: {
    bar: 'um bar',
    club: 'um clube',
    restaurant: 'um restaurante',
    cafe: 'um café',
    lounge: 'um lounge',
    pub: 'um pub',
    music_venue: 'uma casa de shows',
    other: 'o lugar',
  },
};

const pt: ReasonPhrases = {
  moodAdj: PT.moodAdj,
  activity: (id, l) => PT.activities[id] ?? l,
  venueType: (t) => PT.venueTypes[t],
  era: (d) =>
    d === null
      ? 'outros tempos'
      : d < 1900
        ? 'o repertório clássico'
        : d < 2000
          ? `os anos ${decade2(d)}`
          : `os anos ${d}`,
  and: 'e',
  venueRank: (r, v) => `nº ${r} na mixagem de ${v}`,
  neighbours: (n, s) => `${n} ouvintes que votaram em ${s} também votaram nesta`,
  globalRank: (r) => `nº ${r} no Top 100 global`,
  crowd: (up, down) =>
    down ? `${up} votos a favor e ${down} contra do público` : `${up} votos a favor e nenhum contra`,
  fitsMood: (m) => `combina com o seu clima (${PT.moodAdj[m]})`,
  uploadedIt: 'você mesmo enviou',
  uploadedGenre: (g) => `você mesmo enviou ${g}`,
  upvotedOthers: (n, g) => `você votou em ${n === 1 ? 'outra música' : `outras ${n} músicas`} de ${g}`,
  byArtist: (a) => `Direto de ${a}, como pedido`,
  similarNeighbours: (n, s) =>
    n === 1 ? `Quem votou em ${s} também votou nesta` : `${n} ouvintes que votaram em ${s} também votaram nesta`,
  closestSound: (g, ref) => `${g} — o som mais próximo de ${ref} no nosso catálogo`,
  sameLane: (g, ref) => `O mesmo ${g} de ${ref}`,
  closeToSoundOf: (g, rg, ref) => `${g}, perto do ${rg ?? 'som'} de ${ref}`,
  changeOfPace: (ref) => `Uma mudança de ritmo depois de ${ref}, aprovada pelo público`,
  alreadyInVenue: (v) => `Já está na mixagem de ${v}`,
  matchesVenue: (g, v) => `${g} que combina com o som de ${v}`,
  familyPart: (l) => `, da família do ${l}`,
  familyNearest: (l) => `, o mais próximo de ${l} que temos`,
  familyClose: (l) => `, perto do ${l}`,
  moodGenre: (m, g) => `${capitalise(g)} ${PT.moodAdj[m]}`,
  fromEra: (g, era) => `${g} ${/^os? /.test(era) ? `d${era}` : `de ${era}`}`,
  pure: (g) => `${g} puro`,
  activityLead: (e, g, a) =>
    `${g} ${e === 'high' ? 'a todo vapor' : e === 'gentle' ? 'suave' : 'em ritmo constante'} para ${a}`,
  eraTitle: (era, t, a) => `${capitalise(era)}: ${t} de ${a}`,
  setsMood: (g, m) => `${g} para um clima ${PT.moodAdj[m]}`,
  spinningAt: (g, t) => `${g} que já toca em ${PT.venueTypes[t]}`,
  suits: (g, t) => `${g} ideal para ${PT.venueTypes[t]}`,
  tempo: (g) => `${g} no tempo certo`,
  fresh: (g, a) => `${g} de ${a}, novidade no catálogo`,
  noGenre: 'Esta música',
  nearest: (text) => `Opção mais próxima: ${text}`,
};

export const REASON_PHRASES: Record<Lang, ReasonPhrases> = { en, es, de, fr, pt };
