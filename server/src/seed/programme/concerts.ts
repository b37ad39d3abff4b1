/**
 * The demo season's concert programmes, each played twice (see schedule.ts for when). Artists and ensembles are
 * invented; the works are real.
 */
import { t, type Bilingual } from '../bilingual';
import type { ProgrammeImageKey } from '../images';
import type { VenueKey } from './venues';

export type ConcertKind = 'orchestra' | 'chamber' | 'piano' | 'young' | 'sacred';

export interface ConcertSpec {
  key: string;
  kind: ConcertKind;
  venue: VenueKey;
  image: ProgrammeImageKey;
  slug: Bilingual;
  title: Bilingual;
  subtitle: Bilingual;
  performers: { name: string; role: Bilingual }[];
  works: { composer: string; title: Bilingual }[];
  /** The description, as rich text. */
  description: Bilingual;
  /** A remark of the leading artist, quoted on the event page and in the magazine's interview. */
  voice?: { person: string; quote: Bilingual };
}

const role = {
  orchestra: t('Orchester', 'Orchestra'),
  conductor: t('Dirigentin', 'Conductor'),
  conductorM: t('Dirigent', 'Conductor'),
  piano: t('Klavier', 'Piano'),
  violin: t('Violine', 'Violin'),
  cello: t('Violoncello', 'Cello'),
  quartet: t('Streichquartett', 'String quartet'),
  choir: t('Chor', 'Choir'),
  organ: t('Orgel', 'Organ'),
  soprano: t('Sopran', 'Soprano'),
  alto: t('Alt', 'Alto'),
  tenor: t('Tenor', 'Tenor'),
  baritone: t('Bariton', 'Baritone'),
  bass: t('Bass', 'Bass'),
  trio: t('Klaviertrio', 'Piano trio'),
  winds: t('Bläserquintett', 'Wind quintet'),
  ensemble: t('Ensemble', 'Ensemble'),
};

const orchestra = { name: 'Philharmonisches Orchester Freiburg', role: role.orchestra };
const soloists = [
  { name: 'Johanna Reiter', role: role.soprano },
  { name: 'Miriam Okafor', role: role.alto },
  { name: 'Lukas Brenner', role: role.tenor },
];
/** Choir, period orchestra and soloists of the concerts in St. Peter. */
const sacredCast = [
  { name: 'Kammerchor Breisgau', role: role.choir },
  { name: 'Barockorchester Dreisam', role: role.orchestra },
  ...soloists,
  { name: 'Tobias Hahn', role: role.bass },
  { name: 'Martin Feuerstein', role: role.conductorM },
];

export const concertSpecs: ConcertSpec[] = [
  {
    key: 'opening-mahler',
    kind: 'orchestra',
    venue: 'konzerthaus',
    image: 'symphony',
    slug: t('mahlers-fuenfte', 'mahlers-fifth'),
    title: t('Mahlers Fünfte', 'Mahler’s Fifth'),
    subtitle: t('Vom Trauermarsch zum Jubel', 'From funeral march to jubilation'),
    performers: [orchestra, { name: 'Katharina Wendt', role: role.conductor }],
    works: [
      { composer: 'Richard Strauss', title: t('Don Juan op. 20', 'Don Juan, Op. 20') },
      { composer: 'Gustav Mahler', title: t('Sinfonie Nr. 5 cis-Moll', 'Symphony No. 5 in C sharp minor') },
    ],
    description: t(
      '<p>Mit einem einsamen Trompetensignal beginnt Mahlers Fünfte, mit einem Jubelchoral endet sie. Katharina Wendt, seit dieser Spielzeit Chefdirigentin des Philharmonischen Orchesters, stellt ihr Strauss’ stürmischen <em>Don Juan</em> voran.</p><p>Einführung um 18:45 Uhr im Foyer.</p>',
      '<p>Mahler’s Fifth opens with a lonely trumpet call and ends with a jubilant chorale. Katharina Wendt, chief conductor of the Philharmonic Orchestra from this season, pairs it with Strauss’s tempestuous <em>Don Juan</em>.</p><p>Pre-concert talk at 6.45 pm in the foyer.</p>',
    ),
  },
  {
    key: 'lumiere-beethoven',
    kind: 'chamber',
    venue: 'kornhaus',
    image: 'cello',
    slug: t('quatuor-lumiere-beethoven', 'quatuor-lumiere-beethoven'),
    title: t('Quatuor Lumière spielt Beethoven', 'Quatuor Lumière plays Beethoven'),
    subtitle: t('Sonnenaufgang und späte Visionen', 'Sunrise and late visions'),
    performers: [{ name: 'Quatuor Lumière', role: role.quartet }],
    works: [
      { composer: 'Joseph Haydn', title: t('Streichquartett B-Dur op. 76 Nr. 4 „Sonnenaufgang“', 'String Quartet in B flat, Op. 76 No. 4 “Sunrise”') },
      { composer: 'Ludwig van Beethoven', title: t('Streichquartett cis-Moll op. 131', 'String Quartet in C sharp minor, Op. 131') },
    ],
    description: t(
      '<p>Sieben Sätze ohne Pause: Beethovens Opus 131 hielt Schubert für das Größte, was je für Streichquartett geschrieben wurde. Das Quatuor Lumière aus Lyon stellt ihm Haydns heiteren „Sonnenaufgang“ gegenüber.</p>',
      '<p>Seven movements without a break: Schubert thought Beethoven’s Op. 131 the greatest thing ever written for string quartet. The Quatuor Lumière from Lyon sets it beside Haydn’s cheerful “Sunrise”.</p>',
    ),
  },
  {
    key: 'sokolova-schubert',
    kind: 'piano',
    venue: 'konzerthaus',
    image: 'piano-recital',
    slug: t('klavierabend-elena-sokolova', 'piano-recital-elena-sokolova'),
    title: t('Klavierabend Elena Sokolova', 'Piano recital: Elena Sokolova'),
    subtitle: t('Schuberts Abschied, Chopins Balladen', 'Schubert’s farewell, Chopin’s ballades'),
    performers: [{ name: 'Elena Sokolova', role: role.piano }],
    works: [
      { composer: 'Frédéric Chopin', title: t('Vier Balladen', 'Four Ballades') },
      { composer: 'Franz Schubert', title: t('Sonate B-Dur D 960', 'Sonata in B flat, D 960') },
    ],
    description: t(
      '<p>Elena Sokolova, Gewinnerin des Busoni-Wettbewerbs, gibt ihr Freiburger Debüt mit zwei Welten: Chopins erzählenden Balladen und Schuberts letzter Sonate, geschrieben wenige Wochen vor seinem Tod.</p>',
      '<p>Elena Sokolova, winner of the Busoni Competition, makes her Freiburg debut with two worlds: Chopin’s narrative ballades and Schubert’s last sonata, written weeks before his death.</p>',
    ),
  },
  {
    key: 'advent-bach',
    kind: 'sacred',
    venue: 'st-peter',
    image: 'choir',
    slug: t('bach-kantaten', 'bach-cantatas'),
    title: t('Bach-Kantaten in St. Peter', 'Bach cantatas at St. Peter'),
    subtitle: t('„Wachet auf“ und „Jauchzet Gott“', '“Wachet auf” and “Jauchzet Gott”'),
    performers: sacredCast,
    works: [
      { composer: 'Johann Sebastian Bach', title: t('Kantate „Wachet auf, ruft uns die Stimme“ BWV 140', 'Cantata “Wachet auf, ruft uns die Stimme”, BWV 140') },
      { composer: 'Johann Sebastian Bach', title: t('Kantate „Jauchzet Gott in allen Landen“ BWV 51', 'Cantata “Jauchzet Gott in allen Landen”, BWV 51') },
    ],
    description: t(
      '<p>Trompete, Oboe und ein Chor, der den Raum füllt: Zwei von Bachs festlichsten Kantaten erklingen in der barocken Klosterkirche St. Peter, auf historischen Instrumenten. Ein Bus fährt um 17:30 Uhr ab Konzerthaus.</p>',
      '<p>Trumpet, oboe and a choir that fills the space: two of Bach’s most festive cantatas in the baroque abbey church of St. Peter, on period instruments. A coach leaves the Konzerthaus at 5.30 pm.</p>',
    ),
  },
  {
    key: 'young-prizewinners',
    kind: 'young',
    venue: 'ewerk',
    image: 'young-artists',
    slug: t('junge-meister-preistraeger', 'young-masters-prizewinners'),
    title: t('Junge Meister: Preisträgerkonzert', 'Young masters: prizewinners’ concert'),
    subtitle: t('Die Besten von „Jugend musiziert“', 'The best of the national youth competition'),
    performers: [
      { name: 'Clara Nguyen', role: role.violin },
      { name: 'Felix Armbruster', role: role.cello },
      { name: 'Ida Sommer', role: role.piano },
    ],
    works: [
      { composer: 'Johannes Brahms', title: t('Klaviertrio Nr. 1 H-Dur op. 8', 'Piano Trio No. 1 in B major, Op. 8') },
      { composer: 'Maurice Ravel', title: t('Sonate für Violine und Violoncello', 'Sonata for Violin and Cello') },
    ],
    description: t(
      '<p>Drei Bundespreisträger aus Südbaden, keiner älter als neunzehn: Unser Nachwuchskonzert zeigt, was junge Musikerinnen und Musiker heute können. Karten für Schülerinnen, Schüler und Studierende kosten fünf Euro.</p>',
      '<p>Three national prizewinners from southern Baden, none older than nineteen: our young artists’ concert shows what young musicians can do today. Tickets for pupils and students cost five euros.</p>',
    ),
  },
  {
    key: 'brahms-bruch',
    kind: 'orchestra',
    venue: 'konzerthaus',
    image: 'violin',
    slug: t('brahms-und-bruch', 'brahms-and-bruch'),
    title: t('Brahms und Bruch', 'Brahms and Bruch'),
    subtitle: t('Ein Violinkonzert und eine Passacaglia', 'A violin concerto and a passacaglia'),
    performers: [orchestra, { name: 'Ayumi Tanaka', role: role.violin }, { name: 'Katharina Wendt', role: role.conductor }],
    works: [
      { composer: 'Max Bruch', title: t('Violinkonzert Nr. 1 g-Moll op. 26', 'Violin Concerto No. 1 in G minor, Op. 26') },
      { composer: 'Johannes Brahms', title: t('Sinfonie Nr. 4 e-Moll op. 98', 'Symphony No. 4 in E minor, Op. 98') },
    ],
    description: t(
      '<p>Bruchs g-Moll-Konzert ist das Stück, mit dem viele Geigerinnen aufwachsen – Ayumi Tanaka spielt es auf einer Guadagnini von 1753. Danach Brahms’ Vierte, deren Finale eine einzige, immer neu beleuchtete Bassfigur ist.</p>',
      '<p>Bruch’s G minor concerto is the piece many violinists grow up with – Ayumi Tanaka plays it on a 1753 Guadagnini. Then Brahms’s Fourth, whose finale is one bass line lit ever anew.</p>',
    ),
    voice: {
      person: 'Ayumi Tanaka',
      quote: t(
        'Bei Bruch darf man nicht sentimental werden – die Musik ist es schon. Ich versuche, ihr einfach zu vertrauen.',
        'You must not get sentimental with Bruch – the music already is. I try simply to trust it.',
      ),
    },
  },
  {
    key: 'schumann-quintet',
    kind: 'chamber',
    venue: 'kornhaus',
    image: 'cello',
    slug: t('schumann-abend', 'schumann-evening'),
    title: t('Schumann-Abend', 'A Schumann evening'),
    subtitle: t('Das Klavierquintett und die Märchenbilder', 'The piano quintet and the fairy-tale pictures'),
    performers: [
      { name: 'Quartetto Aurora', role: role.quartet },
      { name: 'Jonas Albrecht', role: role.piano },
    ],
    works: [
      { composer: 'Robert Schumann', title: t('Märchenbilder op. 113', 'Märchenbilder, Op. 113') },
      { composer: 'Robert Schumann', title: t('Klavierquintett Es-Dur op. 44', 'Piano Quintet in E flat, Op. 44') },
    ],
    description: t(
      '<p>1842, Schumanns „Kammermusikjahr“: In wenigen Wochen entsteht das Klavierquintett, mit dem er eine ganze Gattung erfindet. Jonas Albrecht und das Quartetto Aurora spielen es im Kammermusiksaal, wo man jedem Bogenstrich nah ist.</p>',
      '<p>1842, Schumann’s “year of chamber music”: in a few weeks he wrote the piano quintet that invented a whole genre. Jonas Albrecht and the Quartetto Aurora play it in the chamber music hall, close enough to hear every bow stroke.</p>',
    ),
  },
  {
    key: 'goldberg',
    kind: 'piano',
    venue: 'kornhaus',
    image: 'piano-recital',
    slug: t('goldberg-variationen', 'goldberg-variations'),
    title: t('Goldberg-Variationen', 'Goldberg Variations'),
    subtitle: t('Bach bei Kerzenlicht', 'Bach by candlelight'),
    performers: [{ name: 'Matthias Reuter', role: role.piano }],
    works: [{ composer: 'Johann Sebastian Bach', title: t('Goldberg-Variationen BWV 988', 'Goldberg Variations, BWV 988') }],
    description: t(
      '<p>Eine Aria, dreißig Variationen und dieselbe Aria, die danach anders klingt: Matthias Reuter spielt Bachs Zyklus ohne Pause, der Saal nur von Kerzen beleuchtet.</p>',
      '<p>An aria, thirty variations and the same aria, which sounds different afterwards: Matthias Reuter plays Bach’s cycle without a break, the hall lit only by candles.</p>',
    ),
    voice: {
      person: 'Matthias Reuter',
      quote: t(
        'Die Goldberg-Variationen sind wie eine Wanderung: Man kennt den Weg, aber nie das Wetter.',
        'The Goldberg Variations are like a hike: you know the path, but never the weather.',
      ),
    },
  },
  {
    key: 'new-world',
    kind: 'orchestra',
    venue: 'konzerthaus',
    image: 'symphony',
    slug: t('aus-der-neuen-welt', 'from-the-new-world'),
    title: t('Aus der Neuen Welt', 'From the New World'),
    subtitle: t('Dvořák in Amerika', 'Dvořák in America'),
    performers: [orchestra, { name: 'Leon Hartmann', role: role.cello }, { name: 'Pavel Novák', role: role.conductorM }],
    works: [
      { composer: 'Antonín Dvořák', title: t('Violoncellokonzert h-Moll op. 104', 'Cello Concerto in B minor, Op. 104') },
      { composer: 'Antonín Dvořák', title: t('Sinfonie Nr. 9 e-Moll op. 95 „Aus der Neuen Welt“', 'Symphony No. 9 in E minor, Op. 95 “From the New World”') },
    ],
    description: t(
      '<p>Beide Werke entstanden in New York, beide sind voller Heimweh nach Böhmen. Der Prager Dirigent Pavel Novák kehrt mit einem reinen Dvořák-Programm zurück; Solist ist Leon Hartmann, Solocellist des Orchesters.</p>',
      '<p>Both works were written in New York, both are full of homesickness for Bohemia. Prague conductor Pavel Novák returns with an all-Dvořák programme; the soloist is Leon Hartmann, the orchestra’s principal cellist.</p>',
    ),
    voice: {
      person: 'Leon Hartmann',
      quote: t(
        'Im langsamen Satz zitiert Dvořák ein Lied, das seine Schwägerin liebte. Man hört, dass er an jemanden denkt.',
        'In the slow movement Dvořák quotes a song his sister-in-law loved. You can hear that he is thinking of someone.',
      ),
    },
  },
  {
    key: 'young-winds',
    kind: 'young',
    venue: 'ewerk',
    image: 'wind-quintet',
    slug: t('junge-meister-blaeserquintett', 'young-masters-wind-quintet'),
    title: t('Junge Meister: Bläserquintett Dreisam', 'Young masters: Dreisam Wind Quintet'),
    subtitle: t('Von Reicha bis Ligeti', 'From Reicha to Ligeti'),
    performers: [{ name: 'Bläserquintett Dreisam', role: role.winds }],
    works: [
      { composer: 'Anton Reicha', title: t('Bläserquintett Es-Dur op. 88 Nr. 2', 'Wind Quintet in E flat, Op. 88 No. 2') },
      { composer: 'György Ligeti', title: t('Sechs Bagatellen', 'Six Bagatelles') },
      { composer: 'Carl Nielsen', title: t('Bläserquintett op. 43', 'Wind Quintet, Op. 43') },
    ],
    description: t(
      '<p>Fünf Studierende der Freiburger Musikhochschule, ein Jahr nach ihrer Gründung Preisträger in Genf: Das Bläserquintett Dreisam spielt frech, präzise und mit spürbarer Freude am Zusammenspiel.</p>',
      '<p>Five students of the Freiburg music academy, prizewinners in Geneva one year after they formed: the Dreisam Wind Quintet plays with cheek, precision and an obvious joy in playing together.</p>',
    ),
  },
  {
    key: 'organ-night',
    kind: 'sacred',
    venue: 'st-peter',
    image: 'organ',
    slug: t('orgelnacht-st-peter', 'organ-night-st-peter'),
    title: t('Orgelnacht in St. Peter', 'Organ night at St. Peter'),
    subtitle: t('Bach, Widor und eine Improvisation', 'Bach, Widor and an improvisation'),
    performers: [{ name: 'Anna-Lena Vogt', role: role.organ }],
    works: [
      { composer: 'Johann Sebastian Bach', title: t('Passacaglia c-Moll BWV 582', 'Passacaglia in C minor, BWV 582') },
      { composer: 'Charles-Marie Widor', title: t('Orgelsinfonie Nr. 5 f-Moll op. 42', 'Organ Symphony No. 5 in F minor, Op. 42') },
    ],
    description: t(
      '<p>Die Orgel von St. Peter ist eine der schönsten Barockorgeln des Schwarzwalds. Anna-Lena Vogt zeigt ihre Farben von Bachs Passacaglia bis zur berühmten Toccata Widors – und improvisiert zum Schluss über ein Thema aus dem Publikum.</p>',
      '<p>The St. Peter organ is one of the finest baroque organs in the Black Forest. Anna-Lena Vogt shows its colours from Bach’s Passacaglia to Widor’s famous Toccata – and finally improvises on a theme from the audience.</p>',
    ),
  },
  {
    key: 'aurelia-ravel',
    kind: 'chamber',
    venue: 'kornhaus',
    image: 'violin',
    slug: t('trio-aurelia-ravel-schostakowitsch', 'trio-aurelia-ravel-shostakovich'),
    title: t('Trio Aurelia: Ravel und Schostakowitsch', 'Trio Aurelia: Ravel and Shostakovich'),
    subtitle: t('Zwei Klaviertrios aus Kriegszeiten', 'Two piano trios from times of war'),
    performers: [{ name: 'Trio Aurelia', role: role.trio }],
    works: [
      { composer: 'Maurice Ravel', title: t('Klaviertrio a-Moll', 'Piano Trio in A minor') },
      { composer: 'Dmitri Schostakowitsch', title: t('Klaviertrio Nr. 2 e-Moll op. 67', 'Piano Trio No. 2 in E minor, Op. 67') },
    ],
    description: t(
      '<p>Ravel vollendete sein Trio im August 1914, bevor er sich freiwillig meldete; Schostakowitsch schrieb seines 1944 im Gedenken an einen Freund. Zwei Werke, die Schönheit und Schrecken nebeneinanderstellen.</p>',
      '<p>Ravel finished his trio in August 1914 before volunteering for the army; Shostakovich wrote his in 1944 in memory of a friend. Two works that set beauty and horror side by side.</p>',
    ),
  },
  {
    key: 'bruckner-7',
    kind: 'orchestra',
    venue: 'konzerthaus',
    image: 'symphony',
    slug: t('bruckner-siebte', 'bruckner-seventh'),
    title: t('Bruckners Siebte', 'Bruckner’s Seventh'),
    subtitle: t('Mit Mozarts Jupiter-Sinfonie', 'With Mozart’s Jupiter Symphony'),
    performers: [orchestra, { name: 'Katharina Wendt', role: role.conductor }],
    works: [
      { composer: 'Wolfgang Amadeus Mozart', title: t('Sinfonie Nr. 41 C-Dur KV 551 „Jupiter“', 'Symphony No. 41 in C, K. 551 “Jupiter”') },
      { composer: 'Anton Bruckner', title: t('Sinfonie Nr. 7 E-Dur', 'Symphony No. 7 in E major') },
    ],
    description: t(
      '<p>Mozarts letzte Sinfonie endet mit einer Fuge, in der fünf Themen gleichzeitig erklingen. Bruckner antwortet mit einer Kathedrale aus Klang – und einem Adagio, das er in Erwartung von Wagners Tod schrieb.</p>',
      '<p>Mozart’s last symphony ends with a fugue in which five themes sound at once. Bruckner answers with a cathedral of sound – and an adagio written in anticipation of Wagner’s death.</p>',
    ),
  },
  {
    key: 'debussy-preludes',
    kind: 'piano',
    venue: 'konzerthaus',
    image: 'piano-recital',
    slug: t('debussy-preludes', 'debussy-preludes'),
    title: t('Debussy: Préludes', 'Debussy: Préludes'),
    subtitle: t('Klavierabend Jean-Baptiste Moreau', 'Piano recital by Jean-Baptiste Moreau'),
    performers: [{ name: 'Jean-Baptiste Moreau', role: role.piano }],
    works: [
      { composer: 'Claude Debussy', title: t('Préludes, Erstes Buch', 'Préludes, Book One') },
      { composer: 'Claude Debussy', title: t('Préludes, Zweites Buch', 'Préludes, Book Two') },
    ],
    description: t(
      '<p>Vierundzwanzig kleine Bilder, deren Titel Debussy erst am Ende jedes Stücks verrät: „Des pas sur la neige“, „La cathédrale engloutie“, „Feux d’artifice“. Jean-Baptiste Moreau spielt beide Bücher an einem Abend.</p>',
      '<p>Twenty-four small pictures whose titles Debussy reveals only at the end of each piece: “Des pas sur la neige”, “La cathédrale engloutie”, “Feux d’artifice”. Jean-Baptiste Moreau plays both books in one evening.</p>',
    ),
  },
  {
    key: 'winterreise',
    kind: 'chamber',
    venue: 'kornhaus',
    image: 'interview',
    slug: t('liederabend-winterreise', 'song-recital-winterreise'),
    title: t('Liederabend: Winterreise', 'Song recital: Winterreise'),
    subtitle: t('Schuberts Zyklus mit Daniel Kessler', 'Schubert’s cycle with Daniel Kessler'),
    performers: [
      { name: 'Daniel Kessler', role: role.baritone },
      { name: 'Sophie Lange', role: role.piano },
    ],
    works: [{ composer: 'Franz Schubert', title: t('Winterreise D 911', 'Winterreise, D 911') }],
    description: t(
      '<p>„Fremd bin ich eingezogen, fremd zieh ich wieder aus“: 24 Lieder auf Gedichte von Wilhelm Müller, ein Wanderer ohne Ziel. Daniel Kessler singt den Zyklus seit zwanzig Jahren – und findet, er werde mit jedem Jahr dunkler.</p>',
      '<p>“A stranger I arrived, a stranger I depart”: 24 songs on poems by Wilhelm Müller, a wanderer without a goal. Daniel Kessler has sung the cycle for twenty years – and finds it grows darker every year.</p>',
    ),
    voice: {
      person: 'Daniel Kessler',
      quote: t(
        'Mit zwanzig habe ich die Winterreise als Liebeskummer gesungen. Heute weiß ich, dass sie vom Alleinsein handelt.',
        'At twenty I sang Winterreise as heartbreak. Today I know it is about being alone.',
      ),
    },
  },
  {
    key: 'sacre',
    kind: 'orchestra',
    venue: 'konzerthaus',
    image: 'rehearsal',
    slug: t('le-sacre-du-printemps', 'the-rite-of-spring'),
    title: t('Le Sacre du printemps', 'The Rite of Spring'),
    subtitle: t('Strawinsky und Ravels Klavierkonzert', 'Stravinsky and Ravel’s piano concerto'),
    performers: [orchestra, { name: 'Ida Sommer', role: role.piano }, { name: 'Pavel Novák', role: role.conductorM }],
    works: [
      { composer: 'Maurice Ravel', title: t('Klavierkonzert G-Dur', 'Piano Concerto in G major') },
      { composer: 'Igor Strawinsky', title: t('Le Sacre du printemps', 'The Rite of Spring') },
    ],
    description: t(
      '<p>Bei der Uraufführung 1913 flogen im Saal die Fäuste, heute gehört Strawinskys „Sacre“ zu den meistgespielten Werken des Jahrhunderts. Davor spielt Ida Sommer, vor zwei Jahren noch in unserer Nachwuchsreihe, Ravels jazziges G-Dur-Konzert.</p>',
      '<p>At the 1913 premiere fists flew in the hall; today Stravinsky’s “Rite” is among the most performed works of the century. Before it Ida Sommer, two years ago still in our young artists series, plays Ravel’s jazzy G major concerto.</p>',
    ),
    voice: {
      person: 'Ida Sommer',
      quote: t(
        'Vor zwei Jahren saß ich bei den Jungen Meistern im E-WERK. Jetzt mit dem Orchester im Großen Saal – das fühlt sich an wie nach Hause kommen.',
        'Two years ago I played in the young masters series at the E-WERK. Now with the orchestra in the main hall – it feels like coming home.',
      ),
    },
  },
  {
    key: 'young-piano',
    kind: 'young',
    venue: 'ewerk',
    image: 'young-artists',
    slug: t('junge-meister-klavier', 'young-masters-piano'),
    title: t('Junge Meister: Vier Hände, zwei Flügel', 'Young masters: four hands, two pianos'),
    subtitle: t('Das Klavierduo Berger & Lindqvist', 'The piano duo Berger & Lindqvist'),
    performers: [
      { name: 'Hannah Berger', role: role.piano },
      { name: 'Erik Lindqvist', role: role.piano },
    ],
    works: [
      { composer: 'Franz Schubert', title: t('Fantasie f-Moll D 940', 'Fantasia in F minor, D 940') },
      { composer: 'Sergej Rachmaninow', title: t('Sinfonische Tänze op. 45 (Fassung für zwei Klaviere)', 'Symphonic Dances, Op. 45 (version for two pianos)') },
    ],
    description: t(
      '<p>Sie studieren in Basel und Stockholm und proben, wann immer es geht, per Video: Hannah Berger und Erik Lindqvist spielen Schuberts schönstes vierhändiges Werk und Rachmaninows letzte Komposition.</p>',
      '<p>They study in Basel and Stockholm and rehearse by video whenever they can: Hannah Berger and Erik Lindqvist play Schubert’s finest piece for four hands and Rachmaninoff’s last composition.</p>',
    ),
  },
  {
    key: 'gran-partita',
    kind: 'chamber',
    venue: 'kornhaus',
    image: 'wind-quintet',
    slug: t('mozart-gran-partita', 'mozart-gran-partita'),
    title: t('Mozart: Gran Partita', 'Mozart: Gran Partita'),
    subtitle: t('Dreizehn Bläser und ein Kontrabass', 'Thirteen winds and a double bass'),
    performers: [{ name: 'Bläsersolisten des Philharmonischen Orchesters', role: role.ensemble }],
    works: [
      { composer: 'Wolfgang Amadeus Mozart', title: t('Serenade B-Dur KV 361 „Gran Partita“', 'Serenade in B flat, K. 361 “Gran Partita”') },
      { composer: 'Richard Strauss', title: t('Serenade Es-Dur op. 7', 'Serenade in E flat, Op. 7') },
    ],
    description: t(
      '<p>„Ein einziger Ton einer Oboe, der schwebt“ – so beschreibt Salieri im Film „Amadeus“ das Adagio der Gran Partita. Die Bläsersolisten des Orchesters spielen Mozarts Serenade und die Jugendserenade des siebzehnjährigen Strauss.</p>',
      '<p>“A single note on an oboe, hanging there” – that is how Salieri describes the adagio of the Gran Partita in the film “Amadeus”. The orchestra’s wind soloists play Mozart’s serenade and the youthful serenade of the seventeen-year-old Strauss.</p>',
    ),
  },
  {
    key: 'beethoven-9',
    kind: 'orchestra',
    venue: 'konzerthaus',
    image: 'choir',
    slug: t('beethoven-neunte', 'beethoven-ninth'),
    title: t('Beethovens Neunte', 'Beethoven’s Ninth'),
    subtitle: t('Freude, schöner Götterfunken', 'Ode to Joy'),
    performers: [
      orchestra,
      { name: 'Kammerchor Breisgau', role: role.choir },
      ...soloists,
      { name: 'Daniel Kessler', role: role.baritone },
      { name: 'Katharina Wendt', role: role.conductor },
    ],
    works: [{ composer: 'Ludwig van Beethoven', title: t('Sinfonie Nr. 9 d-Moll op. 125', 'Symphony No. 9 in D minor, Op. 125') }],
    description: t(
      '<p>„Alle Menschen werden Brüder“: Beethovens letzte Sinfonie mit dem Kammerchor Breisgau und einem Solistenquartett aus Freunden des Hauses. Erfahrungsgemäß sind diese Konzerte schnell ausverkauft.</p>',
      '<p>“All men shall be brothers”: Beethoven’s last symphony with the Kammerchor Breisgau and a quartet of soloists who are friends of the house. These concerts tend to sell out quickly.</p>',
    ),
  },
  {
    key: 'mozart-requiem',
    kind: 'sacred',
    venue: 'st-peter',
    image: 'choir',
    slug: t('mozart-requiem', 'mozart-requiem'),
    title: t('Mozart: Requiem', 'Mozart: Requiem'),
    subtitle: t('In der Fassung von Robert Levin', 'In Robert Levin’s completion'),
    performers: sacredCast,
    works: [
      { composer: 'Wolfgang Amadeus Mozart', title: t('Ave verum corpus KV 618', 'Ave verum corpus, K. 618') },
      { composer: 'Wolfgang Amadeus Mozart', title: t('Requiem d-Moll KV 626', 'Requiem in D minor, K. 626') },
    ],
    description: t(
      '<p>Mozart starb über der Arbeit am Requiem; sein Schüler Süßmayr vollendete es, so gut er konnte. Martin Feuerstein dirigiert die Fassung des Mozartforschers Robert Levin, die vieles näher an Mozarts Skizzen bringt.</p>',
      '<p>Mozart died while working on the Requiem; his pupil Süßmayr completed it as best he could. Martin Feuerstein conducts the version by the Mozart scholar Robert Levin, which brings much of it closer to Mozart’s sketches.</p>',
    ),
  },
  {
    key: 'piano-duo-schubert',
    kind: 'piano',
    venue: 'kornhaus',
    image: 'piano-recital',
    slug: t('schubert-vierhaendig', 'schubert-for-four-hands'),
    title: t('Schubert vierhändig', 'Schubert for four hands'),
    subtitle: t('Hausmusik im besten Sinn', 'House music in the best sense'),
    performers: [
      { name: 'Elena Sokolova', role: role.piano },
      { name: 'Jonas Albrecht', role: role.piano },
    ],
    works: [
      { composer: 'Franz Schubert', title: t('Lebensstürme a-Moll D 947', 'Lebensstürme in A minor, D 947') },
      { composer: 'Franz Schubert', title: t('Rondo A-Dur D 951', 'Rondo in A major, D 951') },
      { composer: 'Franz Schubert', title: t('Divertissement à la hongroise D 818', 'Divertissement à la hongroise, D 818') },
    ],
    description: t(
      '<p>Schuberts Musik für vier Hände entstand für die Abende im Freundeskreis, die „Schubertiaden“. Elena Sokolova und Jonas Albrecht holen sie zurück in einen Raum, der dafür wie gemacht ist.</p>',
      '<p>Schubert’s music for four hands was written for evenings among friends, the “Schubertiades”. Elena Sokolova and Jonas Albrecht bring it back to a room that seems made for it.</p>',
    ),
  },
  {
    key: 'summer-sibelius',
    kind: 'orchestra',
    venue: 'konzerthaus',
    image: 'violin',
    slug: t('nordlicht-sibelius-mendelssohn', 'northern-light-sibelius-mendelssohn'),
    title: t('Nordlicht und Südsonne', 'Northern light, southern sun'),
    subtitle: t('Sibelius’ Violinkonzert und Mendelssohns Italienische', 'Sibelius’s violin concerto and Mendelssohn’s Italian'),
    performers: [orchestra, { name: 'Clara Nguyen', role: role.violin }, { name: 'Katharina Wendt', role: role.conductor }],
    works: [
      { composer: 'Jean Sibelius', title: t('Violinkonzert d-Moll op. 47', 'Violin Concerto in D minor, Op. 47') },
      { composer: 'Felix Mendelssohn Bartholdy', title: t('Sinfonie Nr. 4 A-Dur op. 90 „Italienische“', 'Symphony No. 4 in A major, Op. 90 “Italian”') },
    ],
    description: t(
      '<p>Nordisches Licht und italienische Sonne: Clara Nguyen, die vor wenigen Jahren als Preisträgerin bei uns debütierte, spielt das Violinkonzert von Sibelius. Danach Mendelssohns Reiseerinnerungen an Rom und Neapel.</p>',
      '<p>Nordic light and Italian sun: Clara Nguyen, who made her debut here as a prizewinner a few years ago, plays the Sibelius violin concerto. Then Mendelssohn’s travel memories of Rome and Naples.</p>',
    ),
    voice: {
      person: 'Clara Nguyen',
      quote: t(
        'Sibelius schreibt für die Geige, als wäre sie eine Stimme im Wind. Man muss lernen, nicht gegen das Orchester anzukämpfen.',
        'Sibelius writes for the violin as if it were a voice in the wind. You have to learn not to fight the orchestra.',
      ),
    },
  },
];

/** A concert announced but not online yet: visitors never see it. */
export const draftConcert: ConcertSpec = {
  key: 'anniversary-gala',
  kind: 'orchestra',
  venue: 'konzerthaus',
  image: 'symphony',
  slug: t('jubilaeumsgala', 'anniversary-gala'),
  title: t('Jubiläumsgala (Entwurf)', 'Anniversary gala (draft)'),
  subtitle: t('40 Jahre Konzertfreunde', '40 years of Konzertfreunde'),
  performers: [orchestra, { name: 'Katharina Wendt', role: role.conductor }],
  works: [{ composer: 'N. N.', title: t('Auftragswerk (Uraufführung)', 'Commissioned work (world premiere)') }],
  description: t('<p>Programm folgt.</p>', '<p>Programme to follow.</p>'),
};
