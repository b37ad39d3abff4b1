import { t, type Bilingual } from '../bilingual';
import type { ProgrammeImageKey } from '../images';

export interface SubscriptionSpec {
  slug: Bilingual;
  title: Bilingual;
  subtitle: Bilingual;
  teaser: Bilingual;
  /** The description, as rich text. */
  description: Bilingual;
  image: ProgrammeImageKey;
  /** Series prices in euro cents per category, dearest first. */
  priceCents: number[];
  /** Its performances in series order: concert key and which performance (0 or 1). */
  events: [string, number][];
}

export const subscriptionSpecs: SubscriptionSpec[] = [
  {
    slug: t('grosses-abonnement', 'grand-subscription'),
    title: t('Großes Abonnement', 'Grand subscription'),
    subtitle: t('Sechs Sinfoniekonzerte am Freitagabend', 'Six symphony concerts on Friday evenings'),
    teaser: t(
      'Das Philharmonische Orchester mit Katharina Wendt und Gästen: Ihr fester Platz im Großen Saal, sechsmal im Jahr.',
      'The Philharmonic Orchestra with Katharina Wendt and guests: your own seat in the main hall, six times a year.',
    ),
    description: t(
      '<p>Mit dem Großen Abonnement sitzen Sie bei jedem Freitagskonzert des Philharmonischen Orchesters auf Ihrem Stammplatz und sparen gegenüber dem Einzelkauf rund ein Viertel. Verhindert? Sie können Ihre Karte bis 18 Uhr am Konzerttag in der Kartenbörse anbieten.</p>',
      '<p>With the grand subscription you sit in your own seat at every Friday concert of the Philharmonic Orchestra and save about a quarter on single tickets. Can’t make it? You can offer your ticket on the ticket exchange until 6 pm on the day of the concert.</p>',
    ),
    image: 'symphony',
    priceCents: [32000, 26000, 19000, 12000],
    events: [
      ['brahms-bruch', 0],
      ['new-world', 0],
      ['bruckner-7', 0],
      ['sacre', 0],
      ['beethoven-9', 0],
      ['summer-sibelius', 0],
    ],
  },
  {
    slug: t('sonntagsmatinee', 'sunday-matinee'),
    title: t('Sonntagsmatinee', 'Sunday matinee'),
    subtitle: t('Sechsmal sonntags um elf', 'Six Sundays at eleven'),
    teaser: t(
      'Die Sinfoniekonzerte am Sonntagvormittag – mit Kaffee im Foyer ab 10 Uhr und Zeit für ein Mittagessen danach.',
      'The symphony concerts on Sunday morning – with coffee in the foyer from 10 am and time for lunch afterwards.',
    ),
    description: t(
      '<p>Die Matinee ist unser beliebtestes Abonnement bei Familien: Kinder bis 14 Jahre begleiten Abonnentinnen und Abonnenten kostenlos. Ab 10 Uhr gibt es Kaffee und Gebäck im Foyer, um 10:15 Uhr eine kurze Werkeinführung.</p>',
      '<p>The matinee is our most popular subscription with families: children up to 14 accompany subscribers free of charge. From 10 am there is coffee and pastries in the foyer, at 10.15 am a short introduction to the works.</p>',
    ),
    image: 'rehearsal',
    priceCents: [28000, 22000, 16000, 10000],
    events: [
      ['brahms-bruch', 1],
      ['new-world', 1],
      ['bruckner-7', 1],
      ['sacre', 1],
      ['young-piano', 1],
      ['beethoven-9', 1],
    ],
  },
  {
    slug: t('kammermusik-im-kornhaus', 'chamber-music-at-the-kornhaus'),
    title: t('Kammermusik im Kornhaus', 'Chamber music at the Kornhaus'),
    subtitle: t('Fünf Abende, ganz nah dran', 'Five evenings, up close'),
    teaser: t(
      'Streichquartett, Klaviertrio, Liederabend: Kammermusik in einem Saal mit 280 Plätzen, in dem jeder Platz ein guter ist.',
      'String quartet, piano trio, song recital: chamber music in a hall of 280 seats where every seat is a good one.',
    ),
    description: t(
      '<p>Im Kammermusiksaal gibt es freie Platzwahl; Abonnentinnen und Abonnenten werden eine Viertelstunde vor allen anderen eingelassen. Nach jedem Konzert laden wir zum Gespräch mit den Künstlerinnen und Künstlern ins Foyer.</p>',
      '<p>Seating in the chamber music hall is unreserved; subscribers are let in a quarter of an hour before everyone else. After every concert we invite you to meet the artists in the foyer.</p>',
    ),
    image: 'cello',
    priceCents: [13500, 10000],
    events: [
      ['schumann-quintet', 0],
      ['aurelia-ravel', 0],
      ['winterreise', 0],
      ['gran-partita', 0],
      ['piano-duo-schubert', 0],
    ],
  },
  {
    slug: t('klavierabende', 'piano-recitals'),
    title: t('Klavierabende', 'Piano recitals'),
    subtitle: t('Vier Abende am Flügel', 'Four evenings at the piano'),
    teaser: t(
      'Von Bachs Goldberg-Variationen bis zu Debussys Préludes: große Klavierliteratur, gespielt von Meistern und Entdeckungen.',
      'From Bach’s Goldberg Variations to Debussy’s Préludes: great piano music, played by masters and discoveries.',
    ),
    description: t(
      '<p>Unsere Klavierreihe verbindet Namen, die man kennt, mit solchen, die man kennen sollte. Der Steinway D des Konzerthauses wurde im vergangenen Sommer komplett überholt – mit Mitteln der Konzertfreunde.</p>',
      '<p>Our piano series combines names you know with names you should know. The Konzerthaus’s Steinway D was completely overhauled last summer – paid for by the Konzertfreunde.</p>',
    ),
    image: 'piano-recital',
    priceCents: [15000, 11500, 8000],
    events: [
      ['goldberg', 0],
      ['debussy-preludes', 0],
      ['young-piano', 0],
      ['piano-duo-schubert', 1],
    ],
  },
  {
    slug: t('entdeckungen', 'discoveries'),
    title: t('Entdeckungen', 'Discoveries'),
    subtitle: t('Junge Meister und besondere Orte', 'Young masters and special places'),
    teaser: t(
      'Preisträgerinnen und Preisträger von morgen, Orgel und Chor in St. Peter: vier Konzerte abseits des Großen Saals.',
      'Tomorrow’s prizewinners, organ and choir at St. Peter: four concerts away from the main hall.',
    ),
    description: t(
      '<p>Das Entdecker-Abo ist unser günstigstes: Für Menschen unter 30 kostet es die Hälfte. Zu den Konzerten in St. Peter fährt ein Bus ab Konzerthaus, im Abonnement inbegriffen.</p>',
      '<p>The discoveries subscription is our most affordable one: for people under 30 it costs half. A coach to the concerts at St. Peter leaves from the Konzerthaus and is included in the subscription.</p>',
    ),
    image: 'young-artists',
    priceCents: [9000, 4500],
    events: [
      ['young-winds', 0],
      ['organ-night', 0],
      ['young-piano', 0],
      ['mozart-requiem', 0],
    ],
  },
];
