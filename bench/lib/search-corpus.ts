/**
 * A large search index for the API benchmark: generated concert pages, reports and programme notes in German and
 * English, with words drawn from a concert vocabulary by a Zipf-like law (a few words very common, most rare), so
 * short prefixes match thousands of documents as they would on a real site. Deterministic: the same seed gives the
 * same documents. Also the autocomplete queries a visitor types on the way to a word: its first 2 to 6 letters,
 * sometimes after a whole first word.
 */
import type { Locale } from '../../contract/locales';
import type { SearchDocument } from '../../server/src/db/search/search-documents';

const composers = [
  'Bach', 'Beethoven', 'Brahms', 'Mozart', 'Schubert', 'Schumann', 'Mendelssohn', 'Haydn', 'Händel', 'Dvořák',
  'Tschaikowsky', 'Mahler', 'Bruckner', 'Strauss', 'Wagner', 'Verdi', 'Debussy', 'Ravel', 'Schostakowitsch',
  'Prokofjew', 'Strawinsky', 'Bartók', 'Sibelius', 'Grieg', 'Chopin', 'Liszt', 'Vivaldi', 'Telemann', 'Monteverdi',
  'Purcell', 'Elgar', 'Britten', 'Janáček', 'Smetana', 'Fauré', 'Saint-Saëns', 'Berlioz', 'Rachmaninow', 'Hindemith',
  'Reger', 'Pärt', 'Ligeti', 'Henze', 'Rihm', 'Widmann', 'Saariaho', 'Kurtág', 'Gubaidulina', 'Schönberg', 'Webern',
];

const words: Record<Locale, string[]> = {
  de: [
    'Konzert', 'Sinfonie', 'Orchester', 'Kammermusik', 'Streichquartett', 'Klavierabend', 'Liederabend', 'Oper', 'Chor',
    'Dirigentin', 'Dirigent', 'Solistin', 'Violine', 'Bratsche', 'Violoncello', 'Kontrabass', 'Flöte', 'Oboe',
    'Klarinette', 'Fagott', 'Horn', 'Trompete', 'Posaune', 'Pauke', 'Harfe', 'Orgel', 'Saison', 'Abonnement', 'Karten',
    'Vorverkauf', 'Einführung', 'Probenbesuch', 'Münster', 'München', 'Freiburg', 'Konzerthaus', 'Festsaal', 'Kirche',
    'Frühling', 'Sommer', 'Herbst', 'Überraschung', 'Musik', 'Komponistin', 'Uraufführung', 'Wiederentdeckung',
    'Jubiläum', 'Begegnung', 'Nachwuchs', 'Förderung', 'Mitglieder', 'Verein', 'Freunde', 'Abend', 'Matinee',
    'Gesprächskonzert', 'Familienkonzert', 'Kinder', 'Jugend', 'Schule', 'Ensemble', 'Barock', 'Klassik', 'Romantik',
    'Moderne', 'Gegenwart', 'Klangwelten', 'Spätromantik', 'Improvisation', 'Serenade', 'Sonate', 'Ouvertüre',
    'Requiem', 'Messe', 'Kantate', 'Oratorium', 'Passion', 'Variationen', 'Fuge', 'Präludium', 'Nocturne', 'Etüde',
    'Walzer', 'Tanz', 'Rhapsodie', 'Fantasie', 'Suite', 'Partita', 'Scherzo', 'Adagio', 'Allegro', 'Andante', 'Finale',
    'Publikum', 'Applaus', 'Zugabe', 'Programm', 'Pause', 'Straße', 'Großer', 'Saal', 'Bühne', 'Probe', 'Gespräch',
    'Künstlerin', 'Künstler', 'Geschichte', 'Stadt', 'Land', 'Reise', 'Tournee', 'Aufnahme', 'Rundfunk', 'Preis',
  ],
  en: [
    'concert', 'symphony', 'orchestra', 'chamber', 'music', 'string', 'quartet', 'recital', 'song', 'opera', 'choir',
    'conductor', 'soloist', 'violin', 'viola', 'cello', 'double', 'bass', 'flute', 'oboe', 'clarinet', 'bassoon', 'horn',
    'trumpet', 'trombone', 'timpani', 'harp', 'organ', 'season', 'subscription', 'tickets', 'presale', 'introduction',
    'rehearsal', 'minster', 'Munich', 'Freiburg', 'hall', 'church', 'spring', 'summer', 'autumn', 'surprise', 'composer',
    'premiere', 'rediscovery', 'anniversary', 'encounter', 'young', 'talent', 'support', 'members', 'association',
    'friends', 'evening', 'matinee', 'family', 'children', 'school', 'ensemble', 'baroque', 'classical', 'romantic',
    'modern', 'contemporary', 'soundscapes', 'improvisation', 'serenade', 'sonata', 'overture', 'requiem', 'mass',
    'cantata', 'oratorio', 'passion', 'variations', 'fugue', 'prelude', 'nocturne', 'study', 'waltz', 'dance',
    'rhapsody', 'fantasy', 'suite', 'partita', 'scherzo', 'adagio', 'allegro', 'andante', 'finale', 'audience',
    'applause', 'encore', 'programme', 'interval', 'street', 'great', 'stage', 'conversation', 'artist', 'history',
    'city', 'country', 'journey', 'tour', 'recording', 'radio', 'prize',
  ],
};

const fillers: Record<Locale, string[]> = {
  de: ['der', 'die', 'das', 'und', 'mit', 'von', 'im', 'in', 'zu', 'für', 'auf', 'ein', 'eine', 'nach', 'über', 'aus', 'bei', 'ist', 'wird', 'dem', 'den', 'des', 'zum', 'am', 'als', 'auch', 'wie', 'noch'],
  en: ['the', 'and', 'with', 'of', 'in', 'to', 'for', 'on', 'a', 'an', 'after', 'about', 'from', 'at', 'is', 'will', 'by', 'as', 'also', 'how', 'still'],
};

/** A small, fast, seeded generator (mulberry32), so every run indexes the same documents. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from a list with weights 1/(rank+1): the first entries are common, the last rare. */
function zipf(list: string[], next: () => number) {
  const weights = list.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return () => {
    let at = next() * total;
    for (let i = 0; i < list.length; i += 1) {
      at -= weights[i];
      if (at <= 0) return list[i];
    }
    return list[list.length - 1];
  };
}

const kinds = ['page', 'article', 'event', 'subscription'] as const;

/** Generated records' ids start here, far above those of the seeded site. */
const firstRecordId = 1_000_000;

/** `records` records, each in German and English: 2 × records documents. */
export function generateSearchDocuments(records: number, seed = 2026): SearchDocument[] {
  const next = random(seed);
  const pick = { de: zipf([...words.de, ...composers], next), en: zipf([...words.en, ...composers], next) };
  const filler = { de: zipf(fillers.de, next), en: zipf(fillers.en, next) };
  const sentence = (locale: Locale, length: number) =>
    Array.from({ length }, () => (next() < 0.4 ? filler[locale]() : pick[locale]())).join(' ');
  const docs: SearchDocument[] = [];
  for (let id = firstRecordId; id < firstRecordId + records; id += 1) {
    const kind = kinds[id % kinds.length];
    for (const locale of ['de', 'en'] as const) {
      const title = Array.from({ length: 2 + Math.floor(next() * 5) }, () => pick[locale]()).join(' ');
      const sentences = Array.from({ length: 4 + Math.floor(next() * 12) }, () => `${sentence(locale, 6 + Math.floor(next() * 10))}.`);
      docs.push({
        kind,
        recordId: id,
        locale,
        title: title[0].toUpperCase() + title.slice(1),
        url: `/${locale}/bench/${kind}/${id}`,
        date: kind === 'event' ? new Date(Date.UTC(2026, 0, 1) + id * 3_600_000).toISOString() : null,
        body: sentences.join(' '),
      });
    }
  }
  return docs;
}

/**
 * Distinct autocomplete queries for German, as typed: the first 2 to 6 letters of a word, and of a second word
 * after a complete first one ("Beethoven Sinf"). Shuffled, so neighbouring requests ask different things.
 */
export function autocompleteQueries(count: number, seed = 7): string[] {
  const next = random(seed);
  const vocabulary = [...words.de, ...composers];
  const prefix = (word: string) => word.slice(0, Math.min(word.length, 2 + Math.floor(next() * 5)));
  const queries = new Set<string>();
  for (let tries = 0; queries.size < count && tries < count * 50; tries += 1) {
    const word = vocabulary[Math.floor(next() * vocabulary.length)];
    const query = next() < 0.3 ? `${vocabulary[Math.floor(next() * vocabulary.length)]} ${prefix(word)}` : prefix(word);
    if ([...query.trim()].length >= 2) queries.add(query);
  }
  return [...queries];
}
