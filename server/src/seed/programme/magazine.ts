/**
 * The magazine: four categories and articles dated relative to the day of seeding (reviews two days after the
 * concert they describe). Interviews are built from the artists' remarks in concerts.ts. A review whose date is
 * still ahead is not public until that day, when the content server's scheduler publishes it (ADR 069).
 */
import { t, type Bilingual } from '../bilingual';
import type { ProgrammeImageKey } from '../images';
import { concertSpecs } from './concerts';

export const categorySpecs = {
  reviews: { name: t('Konzertberichte', 'Concert reviews'), slug: t('konzertberichte', 'concert-reviews') },
  interviews: { name: t('Interviews', 'Interviews'), slug: t('interviews', 'interviews') },
  background: { name: t('Hintergrund', 'Background'), slug: t('hintergrund', 'background') },
  association: { name: t('Aus dem Verein', 'Association news'), slug: t('aus-dem-verein', 'association-news') },
};
export type CategoryKey = keyof typeof categorySpecs;

export interface ArticleSpec {
  category: CategoryKey;
  slug: Bilingual;
  title: Bilingual;
  teaser: Bilingual;
  author: string;
  /** Days before the day of seeding, or days after a concert's first performance. */
  published: { daysAgo: number } | { afterConcert: string; days: number };
  image: ProgrammeImageKey;
  /** Shown with a caption below the text. */
  figure?: Bilingual;
  mainTeaser?: boolean;
  online?: boolean;
  /** Rich text. */
  body: Bilingual;
  quote?: { content: Bilingual; author: string };
}

const reviews: ArticleSpec[] = [
  {
    category: 'reviews',
    slug: t('nachlese-mahlers-fuenfte', 'review-mahlers-fifth'),
    title: t('Ein Adagietto zum Atemanhalten', 'An Adagietto to hold your breath'),
    teaser: t(
      'Katharina Wendts erstes Konzert als Chefdirigentin: ein Mahler voller Kontraste und ein Publikum, das lange stand.',
      'Katharina Wendt’s first concert as chief conductor: a Mahler full of contrasts and an audience that stood for a long time.',
    ),
    author: 'Ulrike Bader',
    published: { afterConcert: 'opening-mahler', days: 2 },
    image: 'symphony',
    figure: t('Schlussapplaus im Großen Saal', 'Final applause in the main hall'),
    body: t(
      '<p>Wer Katharina Wendt bisher nur als Gast erlebt hatte, kannte ihre Energie. Neu war, wie sehr sie dem Orchester den Raum lässt: Im Trauermarsch ließ sie die Trompete frei phrasieren, im Scherzo tanzte das Horn solistisch vom Podium.</p><p>Der Höhepunkt aber war das Adagietto. Wendt nahm es langsamer als üblich, doch nie schleppend; in der Stille vor dem Finale hätte man eine Stecknadel fallen hören. Der Strauss vor der Pause hatte da schon gezeigt, wie virtuos das Orchester in dieser Saison aufgestellt ist.</p>',
      '<p>Anyone who had heard Katharina Wendt only as a guest knew her energy. What was new was how much room she gives the orchestra: in the funeral march she let the trumpet phrase freely, in the scherzo the horn danced as a soloist from the podium.</p><p>The high point, though, was the Adagietto. Wendt took it slower than usual, yet never dragging; in the silence before the finale you could have heard a pin drop. The Strauss before the interval had already shown how brilliant the orchestra is this season.</p>',
    ),
    quote: {
      content: t('Ich wollte, dass man das Adagietto nicht hört, sondern belauscht.', 'I wanted people not to hear the Adagietto but to overhear it.'),
      author: 'Katharina Wendt',
    },
  },
  {
    category: 'reviews',
    slug: t('nachlese-quatuor-lumiere', 'review-quatuor-lumiere'),
    title: t('Sieben Sätze, ein Atemzug', 'Seven movements, one breath'),
    teaser: t(
      'Das Quatuor Lumière spielte Beethovens Opus 131 so, als hätte es noch nie jemand gespielt.',
      'The Quatuor Lumière played Beethoven’s Op. 131 as if no one had ever played it before.',
    ),
    author: 'Thomas Kiefer',
    published: { afterConcert: 'lumiere-beethoven', days: 2 },
    image: 'cello',
    body: t(
      '<p>Man braucht Mut, um nach Haydns strahlendem „Sonnenaufgang“ die Fuge zu beginnen, mit der Beethoven sein Opus 131 eröffnet. Das Quatuor Lumière nahm sie fast ohne Vibrato, tastend, wie ein Gebet. Daraus wuchs eine Dreiviertelstunde, in der niemand im ausverkauften Kornhaus hustete.</p><p>Besonders die Variationen im vierten Satz zeigten, wie genau die vier aufeinander hören: Jede Variation bekam ihren eigenen Charakter, ohne dass der Bogen des Ganzen riss.</p>',
      '<p>It takes courage to begin, after Haydn’s radiant “Sunrise”, the fugue that opens Beethoven’s Op. 131. The Quatuor Lumière played it almost without vibrato, tentatively, like a prayer. From it grew three quarters of an hour in which nobody in the sold-out Kornhaus coughed.</p><p>The variations of the fourth movement in particular showed how closely the four listen to each other: each variation had its own character without the arc of the whole ever breaking.</p>',
    ),
  },
  {
    category: 'reviews',
    slug: t('nachlese-elena-sokolova', 'review-elena-sokolova'),
    title: t('Schubert, ganz leise', 'Schubert, very quietly'),
    teaser: t(
      'Elena Sokolova wagte bei ihrem Freiburger Debüt das Pianissimo – und gewann den Saal.',
      'At her Freiburg debut Elena Sokolova dared to play pianissimo – and won the hall over.',
    ),
    author: 'Ulrike Bader',
    published: { afterConcert: 'sokolova-schubert', days: 2 },
    image: 'piano-recital',
    body: t(
      '<p>Chopins Balladen spielte Elena Sokolova mit großer Geste, die vierte mit einer Coda, die einem den Atem nahm. Doch in Erinnerung bleibt Schubert: Den Triller im Bass des ersten Satzes ließ sie so leise grollen, dass man sich vorbeugte, um ihn zu hören.</p><p>Eine Zugabe gab es nicht. Sokolova erklärte, nach dieser Sonate könne man nichts mehr spielen – und das Publikum gab ihr recht.</p>',
      '<p>Elena Sokolova played Chopin’s ballades with grand gestures, the fourth with a breathtaking coda. But what stays in the memory is Schubert: she let the bass trill of the first movement rumble so quietly that people leaned forward to hear it.</p><p>There was no encore. Sokolova explained that nothing could be played after this sonata – and the audience agreed.</p>',
    ),
  },
  {
    category: 'reviews',
    slug: t('nachlese-bach-kantaten', 'review-bach-cantatas'),
    title: t('Wachet auf in St. Peter', 'Wachet auf at St. Peter'),
    teaser: t(
      'Der Kammerchor Breisgau und Johanna Reiter brachten Bachs Kantaten in der Klosterkirche zum Leuchten.',
      'The Kammerchor Breisgau and Johanna Reiter made Bach’s cantatas shine in the abbey church.',
    ),
    author: 'Thomas Kiefer',
    published: { afterConcert: 'advent-bach', days: 2 },
    image: 'choir',
    figure: t('Der Kammerchor Breisgau in St. Peter', 'The Kammerchor Breisgau at St. Peter'),
    body: t(
      '<p>Die Akustik von St. Peter ist eine Herausforderung: Was im Altarraum klar klingt, verschwimmt im Kirchenschiff. Martin Feuerstein wählte deshalb zügige Tempi und einen schlanken Chorklang, und es ging auf.</p><p>In „Jauchzet Gott in allen Landen“ lieferten sich Johanna Reiter und die Solotrompete einen Wettstreit, den am Ende beide gewannen. Der Bus zurück nach Freiburg fuhr mit zwanzig Minuten Verspätung ab – so lange dauerte der Applaus.</p>',
      '<p>The acoustics of St. Peter are a challenge: what sounds clear at the altar blurs in the nave. Martin Feuerstein therefore chose brisk tempi and a lean choral sound, and it worked.</p><p>In “Jauchzet Gott in allen Landen” Johanna Reiter and the solo trumpet held a contest that both of them won in the end. The coach back to Freiburg left twenty minutes late – that is how long the applause lasted.</p>',
    ),
  },
  {
    category: 'reviews',
    slug: t('nachlese-preistraegerkonzert', 'review-prizewinners-concert'),
    title: t('Neunzehn und schon ganz bei sich', 'Nineteen and already themselves'),
    teaser: t(
      'Beim Preisträgerkonzert im E-WERK zeigten drei junge Musikerinnen und Musiker, warum sich Nachwuchsförderung lohnt.',
      'At the prizewinners’ concert at the E-WERK three young musicians showed why supporting young talent pays off.',
    ),
    author: 'Sabine Wolf',
    published: { afterConcert: 'young-prizewinners', days: 2 },
    image: 'young-artists',
    mainTeaser: true,
    body: t(
      '<p>Ravels Sonate für Violine und Violoncello ist ein Stück, an dem Profis scheitern: karg, rhythmisch vertrackt, ohne Klavier, hinter dem man sich verstecken könnte. Clara Nguyen und Felix Armbruster spielten sie mit einer Selbstverständlichkeit, als hätten sie nie etwas anderes getan.</p><p>Im Brahms-Trio kam Ida Sommer dazu, und man hörte drei Persönlichkeiten, die einander zuhören. Über 300 der Karten gingen für fünf Euro an Schülerinnen und Studierende – finanziert von Ihren Spenden.</p>',
      '<p>Ravel’s sonata for violin and cello is a piece professionals fail at: sparse, rhythmically tricky, with no piano to hide behind. Clara Nguyen and Felix Armbruster played it as naturally as if they had never done anything else.</p><p>Ida Sommer joined them for the Brahms trio, and you heard three personalities listening to each other. More than 300 tickets went to pupils and students for five euros – paid for by your donations.</p>',
    ),
  },
];

/** Five questions, and the artist's own words from the concert's description. */
function interview(concertKey: string, daysAgo: number, author: string, mainTeaser = false): ArticleSpec {
  const concert = concertSpecs.find((spec) => spec.key === concertKey);
  if (!concert?.voice) throw new Error(`Concert ${concertKey} has no voice for an interview`);
  const { person, quote } = concert.voice;
  const work = concert.works[0];
  const slug = (de: string, en: string) => t(`im-gespraech-${de}`, `in-conversation-${en}`);
  const name = person.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z]+/g, '-');
  return {
    category: 'interviews',
    slug: slug(name, name),
    title: t(`Im Gespräch: ${person}`, `In conversation: ${person}`),
    teaser: t(
      `Vor „${concert.title.de}“ haben wir mit ${person} über ${work.composer} gesprochen.`,
      `Ahead of “${concert.title.en}” we talked to ${person} about ${work.composer}.`,
    ),
    author,
    published: { daysAgo },
    image: 'interview',
    mainTeaser,
    body: t(
      `<p>Wir treffen ${person} im Künstlerzimmer, zwischen zwei Proben. Auf dem Tisch liegt die Partitur von ${work.composer}, voller Bleistiftnotizen. „${work.title.de}“, sagt ${person}, „begleitet mich seit dem Studium, und ich entdecke jedes Mal etwas Neues.“</p><p>Auf die Frage, was das Freiburger Publikum erwarten darf, zögert ${person} kurz – und antwortet mit einem Satz, den wir Ihnen nicht vorenthalten wollen.</p>`,
      `<p>We meet ${person} in the green room between two rehearsals. On the table lies the score of ${work.composer}, full of pencil notes. “${work.title.en}”, says ${person}, “has been with me since my student days, and I discover something new every time.”</p><p>Asked what the Freiburg audience can expect, ${person} hesitates for a moment – and answers with a sentence we do not want to keep from you.</p>`,
    ),
    quote: { content: quote, author: person },
  };
}

const interviews: ArticleSpec[] = [
  interview('brahms-bruch', 6, 'Sabine Wolf'),
  interview('goldberg', 20, 'Thomas Kiefer'),
  interview('new-world', 34, 'Ulrike Bader'),
  interview('winterreise', 48, 'Sabine Wolf'),
  interview('sacre', 3, 'Thomas Kiefer', true),
  interview('summer-sibelius', 75, 'Ulrike Bader'),
];

const background: ArticleSpec[] = [
  {
    category: 'background',
    slug: t('warum-bruckner-zeit-braucht', 'why-bruckner-needs-time'),
    title: t('Warum Bruckner Zeit braucht', 'Why Bruckner needs time'),
    teaser: t('Siebzig Minuten für eine Sinfonie: eine Anleitung zum Zuhören.', 'Seventy minutes for one symphony: a guide to listening.'),
    author: 'Dr. Hans-Peter Lorenz',
    published: { daysAgo: 12 },
    image: 'symphony',
    mainTeaser: true,
    body: t(
      '<p>Bruckners Sinfonien haben den Ruf, lang zu sein. Das stimmt – aber sie sind lang, wie eine Landschaft weit ist. Wer auf die Pausen achtet, in denen Bruckner innehält, bevor ein neuer Gedanke beginnt, hört die Architektur: drei Themengruppen, die sich wie Gebäudeflügel um einen Hof legen.</p><p>Unser Tipp für das Konzert: Nicht mitzählen, sondern mitatmen. Und im Adagio der Siebten auf die Wagnertuben achten, die Bruckner hier zum ersten Mal einsetzt.</p>',
      '<p>Bruckner’s symphonies have a reputation for being long. True – but they are long the way a landscape is wide. If you listen for the pauses in which Bruckner stops before a new idea begins, you hear the architecture: three groups of themes arranged like wings of a building around a courtyard.</p><p>Our tip for the concert: don’t count along, breathe along. And in the Adagio of the Seventh, listen for the Wagner tubas Bruckner uses here for the first time.</p>',
    ),
  },
  {
    category: 'background',
    slug: t('die-orgel-von-st-peter', 'the-organ-of-st-peter'),
    title: t('Die Orgel von St. Peter', 'The organ of St. Peter'),
    teaser: t('Wie eine Barockorgel im Schwarzwald zu neuem Klang kam.', 'How a baroque organ in the Black Forest found its voice again.'),
    author: 'Anna-Lena Vogt',
    published: { daysAgo: 40 },
    image: 'organ',
    figure: t('Der Orgelprospekt mit den restaurierten Figuren', 'The organ case with its restored figures'),
    body: t(
      '<p>1732 geweiht, 1880 romantisch umgebaut, 2019 behutsam restauriert: Die Orgel der Klosterkirche trägt drei Jahrhunderte in sich. Die Restauratoren haben nicht einfach den Barockzustand wiederhergestellt, sondern die besten Register jeder Epoche erhalten.</p><p>Deshalb klingt Bach hier ebenso überzeugend wie Widor – ein Glücksfall, den unsere Orgelnacht ausnutzt.</p>',
      '<p>Consecrated in 1732, rebuilt in the romantic style in 1880, carefully restored in 2019: the abbey church’s organ holds three centuries. The restorers did not simply bring back its baroque state but kept the best stops of every era.</p><p>That is why Bach sounds as convincing here as Widor – a stroke of luck our organ night makes the most of.</p>',
    ),
  },
  {
    category: 'background',
    slug: t('was-macht-ein-konzertmeister', 'what-does-a-concertmaster-do'),
    title: t('Was macht eigentlich ein Konzertmeister?', 'What does a concertmaster actually do?'),
    teaser: t('Der erste Platz am ersten Pult – und viel mehr als das Stimmen.', 'The first seat at the first desk – and much more than tuning.'),
    author: 'Dr. Hans-Peter Lorenz',
    published: { daysAgo: 65 },
    image: 'violin',
    body: t(
      '<p>Er betritt als Letzter die Bühne, gibt der Oboe das Zeichen zum Stimmen und schüttelt am Ende der Dirigentin die Hand. Doch die eigentliche Arbeit des Konzertmeisters geschieht in den Proben: Er legt die Striche für alle Geigen fest, vermittelt zwischen Pult und Orchester und spielt die Soli.</p><p>Unser Konzertmeister Michael Brandt sagt: „Ich bin der Dolmetscher. Die Dirigentin hat eine Idee, ich übersetze sie in Bogenstriche.“</p>',
      '<p>He is the last to walk on stage, signals the oboe to give the tuning note and shakes the conductor’s hand at the end. But the concertmaster’s real work happens in rehearsal: he sets the bowings for all the violins, mediates between podium and orchestra and plays the solos.</p><p>Our concertmaster Michael Brandt says: “I am the interpreter. The conductor has an idea, I translate it into bow strokes.”</p>',
    ),
  },
  {
    category: 'background',
    slug: t('kleine-geschichte-des-streichquartetts', 'a-short-history-of-the-string-quartet'),
    title: t('Kleine Geschichte des Streichquartetts', 'A short history of the string quartet'),
    teaser: t('Von Haydns Gesprächen zu Beethovens Selbstgesprächen.', 'From Haydn’s conversations to Beethoven’s soliloquies.'),
    author: 'Thomas Kiefer',
    published: { daysAgo: 110 },
    image: 'cello',
    body: t(
      '<p>Goethe nannte das Streichquartett ein Gespräch zwischen vier vernünftigen Leuten. Haydn hat diese Form erfunden, Mozart verfeinert, Beethoven gesprengt: In seinen späten Quartetten spricht einer mit sich selbst, und wir hören zu.</p><p>Im 20. Jahrhundert wurde das Quartett zum Labor – von Bartóks Pizzicati bis zu Ligetis Klangflächen. Unsere Kammermusikreihe zeigt diese Geschichte in Ausschnitten.</p>',
      '<p>Goethe called the string quartet a conversation between four reasonable people. Haydn invented the form, Mozart refined it, Beethoven blew it apart: in his late quartets someone talks to himself, and we listen.</p><p>In the 20th century the quartet became a laboratory – from Bartók’s pizzicati to Ligeti’s fields of sound. Our chamber music series shows this history in excerpts.</p>',
    ),
  },
  {
    category: 'background',
    slug: t('applaus-zwischen-den-saetzen', 'applause-between-movements'),
    title: t('Applaus zwischen den Sätzen?', 'Applause between movements?'),
    teaser: t('Eine Konzertregel, die jünger ist, als man denkt.', 'A concert rule that is younger than you think.'),
    author: 'Sabine Wolf',
    published: { daysAgo: 150 },
    image: 'rehearsal',
    mainTeaser: true,
    body: t(
      '<p>Zu Mozarts Zeit klatschte das Publikum, wann es wollte – auch mitten im Satz, wenn eine Stelle gefiel. Die Stille zwischen den Sätzen setzte sich erst im späten 19. Jahrhundert durch, als die Sinfonie zum Kunstwerk wurde, das man als Ganzes hört.</p><p>Unsere Meinung: Wer nach dem ersten Satz von Tschaikowskys Violinkonzert nicht klatschen möchte, hat nicht zugehört. Niemand wird Sie dafür tadeln.</p>',
      '<p>In Mozart’s day audiences clapped whenever they liked – even mid-movement, if a passage pleased them. Silence between movements only took hold in the late 19th century, when the symphony became a work of art to be heard as a whole.</p><p>Our view: anyone who does not want to clap after the first movement of Tchaikovsky’s violin concerto was not listening. Nobody will scold you for it.</p>',
    ),
  },
  {
    category: 'background',
    slug: t('der-klang-des-grossen-saals', 'the-sound-of-the-main-hall'),
    title: t('Der Klang des Großen Saals', 'The sound of the main hall'),
    teaser: t('Warum man in Reihe 23 am besten hört – und was Holz damit zu tun hat.', 'Why row 23 sounds best – and what wood has to do with it.'),
    author: 'Dr. Hans-Peter Lorenz',
    published: { daysAgo: 190 },
    image: 'symphony',
    body: t(
      '<p>Der Große Saal ist ein sogenannter Schuhkarton: lang, schmal, hoch. Diese Form, die auch Wien und Amsterdam haben, sorgt dafür, dass der Schall von den Seitenwänden früh zurückkommt und den Klang umhüllt.</p><p>Die Akustiker empfehlen übrigens die Reihen 18 bis 25 im Parkett. Wir empfehlen: einfach einmal die Empore ausprobieren.</p>',
      '<p>The main hall is a so-called shoebox: long, narrow, tall. This shape, shared with Vienna and Amsterdam, makes the sound return early from the side walls and envelop the listener.</p><p>The acousticians recommend rows 18 to 25 in the stalls, by the way. We recommend trying the balcony for once.</p>',
    ),
  },
  {
    category: 'background',
    slug: t('schuberts-letzte-sonate', 'schuberts-last-sonata'),
    title: t('Schuberts letzte Sonate', 'Schubert’s last sonata'),
    teaser: t('Geschrieben im September 1828, acht Wochen vor seinem Tod.', 'Written in September 1828, eight weeks before his death.'),
    author: 'Thomas Kiefer',
    published: { daysAgo: 230 },
    image: 'piano-recital',
    body: t(
      '<p>Drei Sonaten schrieb Schubert in seinen letzten Wochen, die letzte in B-Dur ist die rätselhafteste. Der leise Triller im Bass, der den ersten Satz immer wieder unterbricht, wurde als Donnergrollen, als Herzschlag, als Vorahnung gedeutet.</p><p>Vielleicht ist er nichts davon – und gerade deshalb so beunruhigend.</p>',
      '<p>Schubert wrote three sonatas in his last weeks; the last one, in B flat, is the most enigmatic. The quiet bass trill that keeps interrupting the first movement has been read as distant thunder, as a heartbeat, as a premonition.</p><p>Perhaps it is none of these – and that is exactly why it unsettles.</p>',
    ),
  },
  {
    category: 'background',
    slug: t('der-skandal-von-1913', 'the-scandal-of-1913'),
    title: t('Der Skandal von 1913', 'The scandal of 1913'),
    teaser: t('Was bei der Uraufführung des „Sacre“ wirklich geschah.', 'What really happened at the premiere of the “Rite”.'),
    author: 'Dr. Hans-Peter Lorenz',
    published: { daysAgo: 9 },
    image: 'rehearsal',
    body: t(
      '<p>Am 29. Mai 1913 im Théâtre des Champs-Élysées: Schon beim Fagottsolo zu Beginn lacht das Publikum, bald wird gepfiffen, geschrien, geprügelt. Strawinsky verlässt den Saal, der Choreograph Nijinsky zählt den Tänzern hinter der Bühne laut die Takte vor.</p><p>Heute wissen wir: Der Lärm galt mehr dem Tanz als der Musik. Ein Jahr später, im Konzertsaal, wurde Strawinsky auf den Schultern hinausgetragen.</p>',
      '<p>29 May 1913 at the Théâtre des Champs-Élysées: the audience laughs at the opening bassoon solo, soon there is whistling, shouting, fighting. Stravinsky leaves the hall; the choreographer Nijinsky counts the bars aloud to the dancers from the wings.</p><p>Today we know the uproar was aimed more at the dance than at the music. A year later, in the concert hall, Stravinsky was carried out on the audience’s shoulders.</p>',
    ),
  },
  {
    category: 'background',
    slug: t('wie-ein-programm-entsteht', 'how-a-programme-is-made'),
    title: t('Wie ein Programm entsteht', 'How a programme is made'),
    teaser: t('Drei Jahre vom ersten Anruf bis zum Konzertabend.', 'Three years from the first phone call to the concert.'),
    author: 'Sabine Wolf',
    published: { daysAgo: 280 },
    image: 'interview',
    body: t(
      '<p>Wenn Sie ein Konzert besuchen, wurde es meist drei Jahre vorher geplant. Zuerst werden Termine mit Solistinnen und Dirigenten abgestimmt, dann das Repertoire, dann die Säle. Erst ein Jahr vorher stehen die Programme fest.</p><p>Die Konzertfreunde reden dabei mit: Unser Programmbeirat schlägt jedes Jahr Werke und Künstler vor – einige davon hören Sie in dieser Saison.</p>',
      '<p>When you attend a concert, it was usually planned three years earlier. First dates are agreed with soloists and conductors, then the repertoire, then the halls. Only a year ahead are the programmes fixed.</p><p>The Konzertfreunde have their say: every year our programme committee suggests works and artists – you will hear some of them this season.</p>',
    ),
  },
  {
    category: 'background',
    slug: t('vierhaendig-am-klavier', 'four-hands-at-one-piano'),
    title: t('Vierhändig: Musik für Freunde', 'Four hands: music for friends'),
    teaser: t('Warum Schubert so viel für zwei Spieler an einem Klavier schrieb.', 'Why Schubert wrote so much for two players at one piano.'),
    author: 'Thomas Kiefer',
    published: { daysAgo: 320 },
    image: 'piano-recital',
    body: t(
      '<p>Im Wien der 1820er Jahre stand in vielen Bürgerwohnungen ein Klavier, aber kein Orchester. Vierhändige Bearbeitungen brachten Sinfonien ins Wohnzimmer – und Schubert schrieb eigene Werke, die nur so funktionieren.</p><p>Die f-Moll-Fantasie widmete er seiner Schülerin Karoline Esterházy. Dass sie beim Spielen nebeneinander saßen, gehört wohl zur Musik dazu.</p>',
      '<p>In 1820s Vienna many middle-class homes had a piano but no orchestra. Arrangements for four hands brought symphonies into the living room – and Schubert wrote works of his own that only work this way.</p><p>He dedicated the F minor Fantasia to his pupil Karoline Esterházy. That they sat side by side to play it is probably part of the music.</p>',
    ),
  },
];

const association: ArticleSpec[] = [
  {
    category: 'association',
    slug: t('mitgliederversammlung', 'general-meeting'),
    title: t('Mitgliederversammlung: Rekord bei den Mitgliedern', 'General meeting: record membership'),
    teaser: t('1.214 Mitglieder, ein ausgeglichener Haushalt und ein neuer Beirat.', '1,214 members, a balanced budget and a new advisory board.'),
    author: 'Vorstand der Konzertfreunde',
    published: { daysAgo: 1 },
    image: 'rehearsal',
    mainTeaser: true,
    body: t(
      '<p>Rund 180 Mitglieder kamen zur Mitgliederversammlung ins Foyer des Konzerthauses. Die Vorsitzende berichtete von einem Rekord: Mit 1.214 Mitgliedern sind die Konzertfreunde so groß wie nie. Der Haushalt ist ausgeglichen, die Rücklage für das Jubiläum gebildet.</p><p>Neu gewählt wurde der Programmbeirat; die Protokolle schicken wir allen Mitgliedern per Post.</p>',
      '<p>Around 180 members came to the general meeting in the foyer of the Konzerthaus. The chair reported a record: with 1,214 members the Konzertfreunde have never been larger. The budget is balanced and the reserve for the anniversary is in place.</p><p>A new programme committee was elected; we will send the minutes to all members by post.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('probenbesuch-philharmonie', 'rehearsal-visit-philharmonic'),
    title: t('Probenbesuch: Hinter den Kulissen der Philharmonie', 'Rehearsal visit: behind the scenes at the Philharmonic'),
    teaser: t('Vierzig Mitglieder erlebten, wie ein Konzert entsteht.', 'Forty members saw how a concert takes shape.'),
    author: 'Sabine Wolf',
    published: { daysAgo: 16 },
    image: 'rehearsal',
    figure: t('Probenpause auf der Bühne des Großen Saals', 'Rehearsal break on the stage of the main hall'),
    body: t(
      '<p>Um zehn Uhr morgens, in Jeans und Pullover, klingt das Orchester anders als am Abend – und man hört, wie viel Arbeit hinter jedem Takt steckt. Katharina Wendt ließ eine Stelle aus Brahms’ Vierter zwölfmal wiederholen, bis die Holzbläser genau gleichzeitig einsetzten.</p><p>Die nächsten Probenbesuche kündigen wir im Mitgliederbrief an. Die Plätze sind begrenzt.</p>',
      '<p>At ten in the morning, in jeans and jumpers, the orchestra sounds different from the evening – and you hear how much work goes into every bar. Katharina Wendt had a passage from Brahms’s Fourth repeated twelve times until the woodwinds came in exactly together.</p><p>We announce the next rehearsal visits in the members’ letter. Places are limited.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('fuenf-euro-karten-bilanz', 'five-euro-tickets-review'),
    title: t('5-Euro-Karten: 2.300 junge Menschen im Konzert', 'Five-euro tickets: 2,300 young people at concerts'),
    teaser: t('Unsere Nachwuchsförderung in Zahlen.', 'Our support for young audiences in figures.'),
    author: 'Vorstand der Konzertfreunde',
    published: { daysAgo: 30 },
    image: 'young-artists',
    body: t(
      '<p>In der vergangenen Saison haben 2.314 Schülerinnen, Schüler und Studierende ein Meisterkonzert für fünf Euro besucht – so viele wie nie. Die Differenz zum regulären Preis tragen die Konzertfreunde, finanziert aus Beiträgen und Spenden.</p><p>Ein Drittel der jungen Gäste kam zum ersten Mal. Viele davon kamen wieder.</p>',
      '<p>Last season 2,314 pupils and students attended a master concert for five euros – more than ever. The Konzertfreunde pay the difference to the regular price, funded by membership fees and donations.</p><p>A third of the young guests came for the first time. Many of them came back.</p>',
    ),
    quote: {
      content: t('Ich dachte, klassische Musik ist nur für Ältere. Jetzt habe ich ein Abo.', 'I thought classical music was only for older people. Now I have a subscription.'),
      author: 'Lea, 17',
    },
  },
  {
    category: 'association',
    slug: t('konzertreise-basel', 'concert-trip-to-basel'),
    title: t('Konzertreise nach Basel', 'Concert trip to Basel'),
    teaser: t('Mit dem Bus zum Kammerorchester Basel – Anmeldung ab sofort.', 'By coach to the Basel Chamber Orchestra – registration now open.'),
    author: 'Reisegruppe der Konzertfreunde',
    published: { daysAgo: 45 },
    image: 'symphony',
    body: t(
      '<p>Unsere Herbstreise führt nach Basel: Stadtführung am Nachmittag, Abendessen am Rhein und ein Konzert des Kammerorchesters Basel im Stadtcasino. Die Fahrt im Reisebus ist im Preis enthalten.</p><p>Anmeldung in der Geschäftsstelle; Mitglieder haben Vorrang.</p>',
      '<p>Our autumn trip goes to Basel: a city tour in the afternoon, dinner by the Rhine and a concert by the Basel Chamber Orchestra in the Stadtcasino. Travel by coach is included in the price.</p><p>Register with the office; members have priority.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('ehrenamt-helferinnen-gesucht', 'volunteers-wanted'),
    title: t('Ehrenamt: Helferinnen und Helfer gesucht', 'Volunteers wanted'),
    teaser: t('Am Infostand, bei Einführungen oder in der Schülerbetreuung.', 'At the info desk, at pre-concert talks or looking after school groups.'),
    author: 'Vorstand der Konzertfreunde',
    published: { daysAgo: 58 },
    image: 'interview',
    body: t(
      '<p>Über sechzig Mitglieder engagieren sich ehrenamtlich: Sie betreuen unseren Infostand im Foyer, begleiten Schulklassen ins Konzert und helfen bei den Künstlergesprächen. Dafür suchen wir Verstärkung.</p><p>Zwei Abende im Jahr genügen. Melden Sie sich gern in der Geschäftsstelle.</p>',
      '<p>More than sixty members volunteer: they staff our info desk in the foyer, accompany school classes to concerts and help at the artist talks. We are looking for more people to join them.</p><p>Two evenings a year are enough. Please get in touch with the office.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('auftragswerk-zum-jubilaeum', 'anniversary-commission'),
    title: t('Ein Auftragswerk zum Jubiläum', 'A commission for the anniversary'),
    teaser: t('Zum 40-jährigen Bestehen schreibt eine Freiburger Komponistin ein neues Orchesterwerk.', 'For our 40th anniversary a Freiburg composer is writing a new orchestral work.'),
    author: 'Vorstand der Konzertfreunde',
    published: { daysAgo: 85 },
    image: 'rehearsal',
    body: t(
      '<p>Die Konzertfreunde haben zum Jubiläum ein Orchesterwerk in Auftrag gegeben. Die Komponistin, die an der Freiburger Musikhochschule lehrt, arbeitet an einem Stück für großes Orchester von etwa fünfzehn Minuten.</p><p>Finanziert wird der Auftrag aus einer eigens gegründeten Stiftungsrücklage. Wer sich beteiligen möchte, findet Informationen unter „Fördern“.</p>',
      '<p>The Konzertfreunde have commissioned an orchestral work for the anniversary. The composer, who teaches at the Freiburg music academy, is writing a piece for large orchestra of about fifteen minutes.</p><p>The commission is funded from a reserve set up for the purpose. If you would like to contribute, see “Support us”.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('abendkasse-neue-zeiten', 'box-office-new-hours'),
    title: t('Abendkasse: neue Öffnungszeiten', 'Box office: new opening hours'),
    teaser: t('Ab sofort öffnet die Abendkasse eine Stunde vor Konzertbeginn.', 'The box office now opens one hour before the concert.'),
    author: 'Geschäftsstelle',
    published: { daysAgo: 100 },
    image: 'symphony',
    body: t(
      '<p>Auf vielfachen Wunsch öffnet die Abendkasse im Konzerthaus künftig eine Stunde vor Konzertbeginn, bei Matineen um 10 Uhr. Reservierte Karten liegen bis 15 Minuten vor Beginn bereit.</p>',
      '<p>By popular request the box office at the Konzerthaus will now open one hour before the concert, for matinees at 10 am. Reserved tickets are held until 15 minutes before the start.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('neuer-vorstand', 'new-board'),
    title: t('Der neue Vorstand stellt sich vor', 'Meet the new board'),
    teaser: t('Fünf Menschen, eine Leidenschaft: wer die Konzertfreunde in den nächsten drei Jahren leitet.', 'Five people, one passion: who will lead the Konzertfreunde for the next three years.'),
    author: 'Sabine Wolf',
    published: { daysAgo: 130 },
    image: 'interview',
    body: t(
      '<p>Eine Ärztin, ein pensionierter Musiklehrer, eine Studentin, ein Steuerberater und eine Buchhändlerin: Der neue Vorstand ist so vielfältig wie unser Publikum. Gemeinsam wollen sie vor allem jüngere Menschen für die Meisterkonzerte gewinnen.</p><p>Alle fünf stellen sich auf der Seite „Vorstand“ ausführlich vor.</p>',
      '<p>A doctor, a retired music teacher, a student, a tax adviser and a bookseller: the new board is as varied as our audience. Together they want above all to win younger people for the master concerts.</p><p>All five introduce themselves in detail on the “Board” page.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('kartenboerse-gestartet', 'ticket-exchange-launched'),
    title: t('Die Kartenbörse ist online', 'The ticket exchange is online'),
    teaser: t('Verhindert? Bieten Sie Ihre Karte anderen Mitgliedern an.', 'Can’t make it? Offer your ticket to other members.'),
    author: 'Geschäftsstelle',
    published: { daysAgo: 170 },
    image: 'interview',
    body: t(
      '<p>Wer ein Konzert nicht besuchen kann, muss seine Karte nicht verfallen lassen: In unserer neuen Kartenbörse können Sie sie zum Originalpreis anderen Konzertfreunden anbieten. Die Anzeige bestätigen Sie per E-Mail, danach ist sie sichtbar.</p>',
      '<p>If you cannot attend a concert, your ticket need not go to waste: on our new ticket exchange you can offer it to other Konzertfreunde at face value. You confirm the ad by e-mail, and then it goes live.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('sommerfest', 'summer-party'),
    title: t('Sommerfest im Kornhaus-Hof', 'Summer party in the Kornhaus courtyard'),
    teaser: t('Musik, Wein und Gespräche zum Saisonende.', 'Music, wine and conversation at the end of the season.'),
    author: 'Vorstand der Konzertfreunde',
    published: { daysAgo: 210 },
    image: 'wind-quintet',
    body: t(
      '<p>Zum Abschluss der Saison feierten rund 250 Mitglieder im Hof des Kornhauses. Das Bläserquintett Dreisam spielte Serenaden, die Weine kamen vom Kaiserstuhl, und bis in den späten Abend wurde über die nächste Saison diskutiert.</p>',
      '<p>At the end of the season around 250 members celebrated in the courtyard of the Kornhaus. The Dreisam Wind Quintet played serenades, the wines came from the Kaiserstuhl, and the next season was discussed late into the evening.</p>',
    ),
  },
  {
    category: 'association',
    slug: t('spende-fluegel', 'donation-grand-piano'),
    title: t('Dank Ihrer Spenden: Der Flügel klingt wieder', 'Thanks to your donations: the piano sounds again'),
    teaser: t('Die Generalüberholung des Konzertflügels ist abgeschlossen.', 'The overhaul of the concert grand is complete.'),
    author: 'Vorstand der Konzertfreunde',
    published: { daysAgo: 260 },
    image: 'piano-recital',
    body: t(
      '<p>Neue Hämmer, neue Saiten, eine überarbeitete Mechanik: Nach vier Monaten in der Werkstatt ist der Steinway des Konzerthauses zurück. 38.000 Euro haben Mitglieder und Förderer dafür gespendet – herzlichen Dank!</p>',
      '<p>New hammers, new strings, a reworked action: after four months in the workshop the Konzerthaus’s Steinway is back. Members and supporters donated 38,000 euros for it – thank you very much!</p>',
    ),
  },
];

/** Not published yet: visitors never see it. */
const draft: ArticleSpec = {
  category: 'association',
  slug: t('jubilaeumsprogramm-entwurf', 'anniversary-programme-draft'),
  title: t('Das Jubiläumsprogramm (Entwurf)', 'The anniversary programme (draft)'),
  teaser: t('Noch nicht veröffentlichen.', 'Not for publication yet.'),
  author: 'Vorstand der Konzertfreunde',
  published: { daysAgo: 0 },
  image: 'symphony',
  online: false,
  body: t('<p>Text folgt.</p>', '<p>Text to follow.</p>'),
};

export const articleSpecs: ArticleSpec[] = [...reviews, ...interviews, ...background, ...association, draft];
