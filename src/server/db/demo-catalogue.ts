/** The demo catalogue: real YouTube videos with their titles, artists, genres and durations (seconds). */
export interface DemoSong {
  youtubeId: string;
  title: string;
  artist: string;
  genre: string;
  duration: number | null;
  /** Key of the demo venue whose mix it joins, if any. */
  venue?: string;
}

export const DEMO_SONGS: DemoSong[] = [
  { youtubeId: 'fJ9rUzIMcZQ', title: 'Bohemian Rhapsody', artist: 'Queen', genre: 'Rock', duration: 367 },
  { youtubeId: 'HgzGwKwLmgM', title: "Don't Stop Me Now", artist: 'Queen', genre: 'Rock', duration: 217, venue: 'anchor' },
  { youtubeId: 'hTWKbfoikeg', title: 'Smells Like Teen Spirit', artist: 'Nirvana', genre: 'Grunge', duration: 301, venue: 'dive' },
  { youtubeId: '1w7OgIMMRc4', title: "Sweet Child O' Mine", artist: "Guns N' Roses", genre: 'Rock', duration: 356, venue: 'dive' },
  { youtubeId: 'lDK9QqIzhwk', title: "Livin' On A Prayer", artist: 'Bon Jovi', genre: 'Rock', duration: 251, venue: 'anchor' },
  { youtubeId: 'btPJPFnesV4', title: 'Eye of the Tiger', artist: 'Survivor', genre: 'Rock', duration: 245 },
  { youtubeId: 'gGdGFtwCNBE', title: 'Mr. Brightside', artist: 'The Killers', genre: 'Indie Rock', duration: 228, venue: 'anchor' },
  { youtubeId: 'bx1Bh8ZvH84', title: 'Wonderwall', artist: 'Oasis', genre: 'Britpop', duration: 278, venue: 'anchor' },
  { youtubeId: '6Ejga4kJUts', title: 'Zombie', artist: 'The Cranberries', genre: 'Alternative Rock', duration: 306, venue: 'dive' },
  { youtubeId: 'pAgnJDJN4VA', title: 'Back In Black', artist: 'AC/DC', genre: 'Hard Rock', duration: 255, venue: 'dive' },
  { youtubeId: 'v2AC41dglnM', title: 'Thunderstruck', artist: 'AC/DC', genre: 'Hard Rock', duration: 292 },
  { youtubeId: 'CD-E-LDc384', title: 'Enter Sandman', artist: 'Metallica', genre: 'Metal', duration: 331, venue: 'dive' },
  { youtubeId: 'tAGnKpE4NCI', title: 'Nothing Else Matters', artist: 'Metallica', genre: 'Metal', duration: 388 },
  { youtubeId: 'eVTXPUF4Oz4', title: 'In The End', artist: 'Linkin Park', genre: 'Alternative Rock', duration: 218 },
  { youtubeId: '7wtfhZwyrcc', title: 'Believer', artist: 'Imagine Dragons', genre: 'Pop Rock', duration: 217 },
  { youtubeId: 'hT_nvWreIhg', title: 'Counting Stars', artist: 'OneRepublic', genre: 'Pop Rock', duration: 284 },
  { youtubeId: 'yKNxeF4KMsY', title: 'Yellow', artist: 'Coldplay', genre: 'Alternative Rock', duration: 269, venue: 'cafe' },
  { youtubeId: '1G4isv_Fylg', title: 'Paradise', artist: 'Coldplay', genre: 'Pop Rock', duration: 261 },
  { youtubeId: '8UVNT4wvIGY', title: 'Somebody That I Used to Know', artist: 'Gotye', genre: 'Indie', duration: 244, venue: 'cafe' },
  { youtubeId: 'SDTZ7iX4vTQ', title: 'Pumped Up Kicks', artist: 'Foster the People', genre: 'Indie Pop', duration: 240, venue: 'cafe' },
  { youtubeId: 'bpOSxM0rNPM', title: 'Do I Wanna Know?', artist: 'Arctic Monkeys', genre: 'Indie Rock', duration: 272, venue: 'lounge' },
  { youtubeId: 'uJ_1HMAGb4k', title: 'Riptide', artist: 'Vance Joy', genre: 'Indie Folk', duration: 204, venue: 'cafe' },
  { youtubeId: 'ghb6eDopW8I', title: 'Little Talks', artist: 'Of Monsters and Men', genre: 'Indie Folk', duration: 267, venue: 'cafe' },
  { youtubeId: 'zvCBSSwgtg4', title: 'Ho Hey', artist: 'The Lumineers', genre: 'Indie Folk', duration: 163, venue: 'cafe' },
  { youtubeId: 'JGwWNGJdvx8', title: 'Shape of You', artist: 'Ed Sheeran', genre: 'Pop', duration: 264 },
  { youtubeId: '2Vv-BfVoq4g', title: 'Perfect', artist: 'Ed Sheeran', genre: 'Pop', duration: 280, venue: 'tacos' },
  { youtubeId: 'YQHsXMglC9A', title: 'Hello', artist: 'Adele', genre: 'Soul', duration: 367, venue: 'lounge' },
  { youtubeId: 'hLQl3WQQoQ0', title: 'Someone Like You', artist: 'Adele', genre: 'Soul', duration: 285, venue: 'lounge' },
  { youtubeId: '450p7goxZqg', title: 'All of Me', artist: 'John Legend', genre: 'R&B', duration: 270, venue: 'tacos' },
  { youtubeId: 'OPf0YbXqDm0', title: 'Uptown Funk', artist: 'Mark Ronson ft. Bruno Mars', genre: 'Funk', duration: 271, venue: 'neon' },
  { youtubeId: 'Gs069dndIYk', title: 'September', artist: 'Earth, Wind & Fire', genre: 'Funk', duration: 216, venue: 'tacos' },
  { youtubeId: 'ZbZSe6N_BXs', title: 'Happy', artist: 'Pharrell Williams', genre: 'Pop', duration: 233 },
  { youtubeId: 'Zi_XLOBDo_Y', title: 'Billie Jean', artist: 'Michael Jackson', genre: 'Pop', duration: 294, venue: 'neon' },
  { youtubeId: '4NRXx6U8ABQ', title: 'Blinding Lights', artist: 'The Weeknd', genre: 'Synth-pop', duration: 200, venue: 'neon' },
  { youtubeId: 'djV11Xbc914', title: 'Take On Me', artist: 'a-ha', genre: 'Synth-pop', duration: 244 },
  { youtubeId: '60ItHLz5WEA', title: 'Faded', artist: 'Alan Walker', genre: 'Electronic', duration: 212, venue: 'neon' },
  { youtubeId: 'IcrbM1l_BoI', title: 'Wake Me Up', artist: 'Avicii', genre: 'EDM', duration: 273, venue: 'neon' },
  { youtubeId: 'YqeW9_5kURI', title: 'Lean On', artist: 'Major Lazer & DJ Snake', genre: 'Electronic', duration: 176, venue: 'neon' },
  { youtubeId: 'KQ6zr6kCPj8', title: 'Party Rock Anthem', artist: 'LMFAO', genre: 'Dance', duration: 376 },
  { youtubeId: 'kJQP7kiw5Fk', title: 'Despacito', artist: 'Luis Fonsi ft. Daddy Yankee', genre: 'Latin', duration: 282, venue: 'tacos' },
  { youtubeId: 'pRpeEdMmmQ0', title: 'Waka Waka (This Time for Africa)', artist: 'Shakira', genre: 'Latin', duration: 211, venue: 'tacos' },
  { youtubeId: '_Yhyp-_hX2s', title: 'Lose Yourself', artist: 'Eminem', genre: 'Hip Hop', duration: 326 },
  { youtubeId: 'RgKAFK5djSk', title: 'See You Again', artist: 'Wiz Khalifa ft. Charlie Puth', genre: 'Hip Hop', duration: 238 },
  { youtubeId: 'vmDDOFXSgAs', title: 'Take Five', artist: 'The Dave Brubeck Quartet', genre: 'Jazz', duration: 324, venue: 'bluenote' },
  { youtubeId: 'jfKfPfyJRdk', title: 'lofi hip hop radio — beats to relax/study to', artist: 'Lofi Girl', genre: 'Lofi', duration: null, venue: 'cafe' },
  { youtubeId: '9E6b3swbnWg', title: 'Nocturne Op. 9 No. 2', artist: 'Frédéric Chopin', genre: 'Classical', duration: 270, venue: 'bluenote' },
  { youtubeId: '4Tr0otuiQuU', title: 'Moonlight Sonata', artist: 'Ludwig van Beethoven', genre: 'Classical', duration: 900, venue: 'bluenote' },
  { youtubeId: 'CvFH_6DNRCY', title: 'Clair de Lune', artist: 'Claude Debussy', genre: 'Classical', duration: 300, venue: 'lounge' },
  { youtubeId: 'dQw4w9WgXcQ', title: 'Never Gonna Give You Up', artist: 'Rick Astley', genre: 'Pop', duration: 213 },
];

export const DEMO_VENUES = [
  { key: 'bluenote', name: 'The Blue Note', type: 'music_venue', location: 'Greenwich Village, New York', description: 'Late-night jazz and piano under low lights.', gradient: 'from-blue-500 to-indigo-500' },
  { key: 'neon', name: 'Neon Nights', type: 'club', location: 'Kreuzberg, Berlin', description: 'Electronic, dance and synth until sunrise.', gradient: 'from-purple-500 to-pink-500' },
  { key: 'cafe', name: 'Café Melody', type: 'cafe', location: 'Le Marais, Paris', description: 'Indie and folk with your morning coffee.', gradient: 'from-green-500 to-teal-500' },
  { key: 'anchor', name: 'The Rusty Anchor', type: 'pub', location: 'Camden, London', description: 'Sing-along rock anthems and pints.', gradient: 'from-orange-500 to-red-500' },
  { key: 'lounge', name: 'Skyline Lounge', type: 'lounge', location: 'Shibuya, Tokyo', description: 'Soul, ballads and city views.', gradient: 'from-pink-500 to-rose-500' },
  { key: 'tacos', name: 'Taco Fiesta', type: 'restaurant', location: 'Roma Norte, Mexico City', description: 'Latin hits and feel-good funk with dinner.', gradient: 'from-yellow-500 to-orange-500' },
  { key: 'dive', name: 'The Dive Bar', type: 'bar', location: 'East Austin, Texas', description: 'Loud guitars, cheap drinks, great crowd.', gradient: 'from-orange-500 to-red-500' },
] as const;

export const DEMO_USERS = [
  { email: 'demo@crowdmix.local', firstName: 'Demo', lastName: 'Listener', mood: 'chill' },
  { email: 'maya@crowdmix.local', firstName: 'Maya', lastName: 'Rivera', mood: 'energetic' },
  { email: 'leo@crowdmix.local', firstName: 'Leo', lastName: 'Okafor', mood: 'focus' },
  { email: 'sofia@crowdmix.local', firstName: 'Sofia', lastName: 'Lindqvist', mood: 'romantic' },
  { email: 'kenji@crowdmix.local', firstName: 'Kenji', lastName: 'Tanaka', mood: 'party' },
  { email: 'amara@crowdmix.local', firstName: 'Amara', lastName: 'Diallo', mood: 'upbeat' },
  { email: 'jonas@crowdmix.local', firstName: 'Jonas', lastName: 'Weber', mood: 'melancholy' },
  { email: 'priya@crowdmix.local', firstName: 'Priya', lastName: 'Shah', mood: null },
] as const;

/** The password of every demo account (shown in the README). */
export const DEMO_PASSWORD = 'crowdmix-demo';
