import { image, t, type PageSpec } from '../bilingual';

export const about: PageSpec[] = [
  {
    key: 'about',
    parent: 'home',
    slug: t('ueber-uns', 'about-us'),
    title: t('Über uns', 'About us'),
    headline: t('Wir über uns', 'About the Konzertfreunde'),
    meta_description: t(
      'Wer die Konzertfreunde Freiburg sind, was sie für die Meisterkonzerte tun und wie der Verein arbeitet.',
      'Who the Konzertfreunde Freiburg are, what they do for the master concerts and how the association works.',
    ),
    og_image: 'foyer',
    in_menu: true,
    containers: [
      {
        slug: t('ueber-uns-intro', 'about-us-intro'),
        layout: 1,
        modules: [
          {
            type: 'headline',
            headline_level: 2,
            content: t('Freunde der Meisterkonzerte', 'Friends of the master concerts'),
            subline: t('Gemeinnützig, ehrenamtlich, mit Leidenschaft', 'Non-profit, run by volunteers, driven by passion'),
          },
          {
            type: 'text',
            content: t(
              '<p>Die Konzertfreunde Freiburg e. V. sind ein gemeinnütziger Verein mit rund 1.200 Mitgliedern. Wir verstehen uns als Stimme des Publikums: Wir sprechen mit der Intendanz über Programm und Service, wir finanzieren Projekte, die sich allein über Eintrittskarten nicht tragen würden, und wir bringen Menschen zusammen, die Musik lieben.</p><p>Alle Ämter im Verein sind Ehrenämter. Jeder Euro aus Beiträgen und Spenden fließt in die Konzerte – in Nachwuchskarten, Einführungsvorträge, Kammermusik in der Region und Auftragswerke zeitgenössischer Komponistinnen und Komponisten.</p>',
              '<p>The Konzertfreunde Freiburg e. V. is a non-profit association with around 1,200 members. We see ourselves as the voice of the audience: we talk to the management about programming and service, we fund projects that tickets alone could not pay for, and we bring together people who love music.</p><p>Every office in the association is held by volunteers. Every euro from fees and donations goes into the concerts – into youth tickets, introductory talks, chamber music in the region and commissions from contemporary composers.</p>',
            ),
          },
          {
            type: 'image',
            column: 1,
            image: image('foyer'),
            alias: 'vertical',
            description: t('Treffpunkt Foyer: Mitgliederempfang in der Pause', 'Meeting point foyer: members’ reception during the interval'),
          },
        ],
      },
      {
        slug: t('ueber-uns-zahlen', 'about-us-figures'),
        layout: 4,
        modules: [
          {
            type: 'headline',
            column: 0,
            headline_level: 3,
            preline: t('Mitglieder', 'Members'),
            content: t('1.200', '1,200'),
            subline: t('aus Freiburg und der Regio', 'from Freiburg and the region'),
          },
          {
            type: 'headline',
            column: 1,
            headline_level: 3,
            preline: t('Nachwuchskarten pro Saison', 'Youth tickets per season'),
            content: t('2.000+', '2,000+'),
            subline: t('für fünf Euro das Stück', 'at five euros each'),
          },
          {
            type: 'headline',
            column: 2,
            headline_level: 3,
            preline: t('Auftragswerke seit 2012', 'Commissions since 2012'),
            content: t('7', '7'),
            subline: t('Uraufführungen in Freiburg', 'world premieres in Freiburg'),
          },
        ],
      },
      {
        slug: t('ueber-uns-mehr', 'about-us-more'),
        layout: 3,
        modules: [
          {
            type: 'link',
            column: 0,
            content: t('Unsere Geschichte', 'Our history'),
            link: t('/de/ueber-uns/geschichte', '/en/about-us/history'),
            extra_class: 'default',
          },
          {
            type: 'link',
            column: 1,
            content: t('Der Vorstand', 'The board'),
            link: t('/de/ueber-uns/vorstand', '/en/about-us/board'),
            extra_class: 'default',
          },
        ],
      },
    ],
  },
  {
    key: 'history',
    parent: 'about',
    slug: t('geschichte', 'history'),
    title: t('Geschichte', 'History'),
    headline: t('Unsere Geschichte', 'Our history'),
    meta_description: t(
      'Von der Gründung 1987 bis heute: wie aus einer Unterschriftenliste im Foyer der größte Konzertförderverein Südbadens wurde.',
      'From 1987 to today: how a petition in the foyer grew into the largest concert support association in South Baden.',
    ),
    og_image: 'archive',
    has_tab_navigation: true,
    containers: [
      {
        slug: t('geschichte-anfaenge', 'history-beginnings'),
        layout: 2,
        modules: [
          {
            type: 'image',
            column: 0,
            image: image('archive'),
            alias: 'vertical',
            description: t('Programmhefte aus den ersten Jahren', 'Programme booklets from the early years'),
          },
          {
            type: 'headline',
            column: 1,
            headline_level: 2,
            preline: t('1987', '1987'),
            content: t('Eine Unterschriftenliste im Foyer', 'A petition in the foyer'),
          },
          {
            type: 'text',
            column: 1,
            content: t(
              '<p>Im Herbst 1987 stand die Reihe der Meisterkonzerte vor dem Aus: Die Stadt wollte ihre Zuschüsse halbieren. Dreiundzwanzig Konzertbesucherinnen und -besucher legten in der Pause eine Unterschriftenliste aus – am Ende des Abends trugen sich über 400 Namen ein. Wenige Wochen später gründeten sie im Foyer des alten Stadttheaters die Konzertfreunde.</p><p>Der junge Verein sammelte im ersten Jahr 38.000 Mark und rettete damit die Saison 1988/89.</p>',
              '<p>In autumn 1987 the master concert series faced closure: the city planned to halve its funding. Twenty-three concert-goers laid out a petition during the interval – by the end of the evening more than 400 people had signed. A few weeks later they founded the Konzertfreunde in the foyer of the old municipal theatre.</p><p>In its first year the young association raised 38,000 Deutschmarks and saved the 1988/89 season.</p>',
            ),
          },
        ],
      },
      {
        slug: t('geschichte-meilensteine', 'history-milestones'),
        layout: 0,
        modules: [
          {
            type: 'headline',
            headline_level: 2,
            content: t('Meilensteine', 'Milestones'),
          },
          {
            type: 'text',
            content: t(
              '<ul><li><strong>1995</strong> – Die ersten Nachwuchskarten für fünf Mark: Schulklassen erobern den Großen Saal.</li><li><strong>2004</strong> – Das 500. Mitglied; erste Konzertreise zu den Festspielen nach Luzern.</li><li><strong>2012</strong> – Zum 25-jährigen Bestehen vergibt der Verein sein erstes Auftragswerk, ein Streichquartett.</li><li><strong>2020</strong> – Während der Pandemie finanzieren wir Konzertmitschnitte, die kostenlos im Netz zu sehen sind.</li><li><strong>2024</strong> – Über 1.200 Mitglieder und eine eigene Kammermusikreihe in der Region.</li></ul>',
              '<ul><li><strong>1995</strong> – The first youth tickets at five marks: school classes take over the main hall.</li><li><strong>2004</strong> – Our 500th member; first concert trip to the Lucerne Festival.</li><li><strong>2012</strong> – For its 25th anniversary the association awards its first commission, a string quartet.</li><li><strong>2020</strong> – During the pandemic we fund concert recordings that can be watched online free of charge.</li><li><strong>2024</strong> – More than 1,200 members and a chamber music series of our own in the region.</li></ul>',
            ),
          },
        ],
      },
    ],
  },
  {
    key: 'board',
    parent: 'about',
    slug: t('vorstand', 'board'),
    title: t('Vorstand', 'Board'),
    headline: t('Der Vorstand', 'The board'),
    meta_description: t(
      'Der ehrenamtliche Vorstand der Konzertfreunde Freiburg und wie Sie ihn erreichen.',
      'The volunteer board of the Konzertfreunde Freiburg and how to reach it.',
    ),
    og_image: 'board',
    has_tab_navigation: true,
    containers: [
      {
        slug: t('vorstand-team', 'board-team'),
        layout: 1,
        modules: [
          {
            type: 'text',
            content: t(
              '<p>Der Vorstand wird von der Mitgliederversammlung für drei Jahre gewählt. Er führt die Geschäfte des Vereins, entscheidet über die Förderprojekte und vertritt die Konzertfreunde gegenüber Stadt, Intendanz und Förderern.</p><ul><li><strong>Dr. Annette Brenneisen</strong>, Vorsitzende</li><li><strong>Matthias Oberle</strong>, stellvertretender Vorsitzender</li><li><strong>Carla Nguyen</strong>, Schatzmeisterin</li><li><strong>Jonas Reinhardt</strong>, Schriftführer</li><li><strong>Prof. Elisabeth Kramer-Hahn</strong>, Beisitzerin für den künstlerischen Beirat</li></ul>',
              '<p>The board is elected by the general meeting for three years. It runs the association’s business, decides on the projects we fund and represents the Konzertfreunde towards the city, the concert management and sponsors.</p><ul><li><strong>Dr Annette Brenneisen</strong>, Chair</li><li><strong>Matthias Oberle</strong>, Deputy Chair</li><li><strong>Carla Nguyen</strong>, Treasurer</li><li><strong>Jonas Reinhardt</strong>, Secretary</li><li><strong>Prof. Elisabeth Kramer-Hahn</strong>, board member for the artistic advisory council</li></ul>',
            ),
          },
          {
            type: 'image',
            column: 1,
            image: image('board'),
            alias: 'horizontal',
            description: t('Der Vorstand bei der Mitgliederversammlung 2025', 'The board at the 2025 general meeting'),
          },
        ],
      },
      {
        slug: t('vorstand-kontakt', 'board-contact'),
        layout: 0,
        modules: [
          {
            type: 'quote',
            preline: t('Die Vorsitzende', 'The chair'),
            content: t(
              'Unser Verein lebt davon, dass Mitglieder sich einbringen. Sprechen Sie uns an – in der Pause, per Mail oder bei der Mitgliederversammlung.',
              'Our association thrives on members getting involved. Talk to us – during the interval, by e-mail or at the general meeting.',
            ),
            author: t('Dr. Annette Brenneisen', 'Dr Annette Brenneisen'),
          },
          {
            type: 'link',
            content: t('Schreiben Sie dem Vorstand', 'Write to the board'),
            link: 'mailto:vorstand@konzertfreunde.example',
            extra_class: 'button',
          },
        ],
      },
    ],
  },
  {
    key: 'statutes',
    parent: 'about',
    slug: t('satzung', 'statutes'),
    title: t('Satzung', 'Statutes'),
    headline: t('Satzung der Konzertfreunde Freiburg e. V.', 'Statutes of the Konzertfreunde Freiburg e. V.'),
    meta_description: t(
      'Die Satzung des Vereins in der Fassung vom 14. März 2023.',
      'The association’s statutes as amended on 14 March 2023 (English courtesy translation).',
    ),
    has_tab_navigation: true,
    containers: [
      {
        slug: t('satzung-text', 'statutes-text'),
        layout: 0,
        modules: [
          {
            type: 'text',
            content: t(
              '<p>In der Fassung vom 14. März 2023, eingetragen im Vereinsregister des Amtsgerichts Freiburg unter VR 1987.</p><h3>§ 1 Name, Sitz, Geschäftsjahr</h3><p>Der Verein führt den Namen „Konzertfreunde Freiburg e. V.“ und hat seinen Sitz in Freiburg im Breisgau. Das Geschäftsjahr ist die Konzertsaison vom 1. August bis zum 31. Juli.</p><h3>§ 2 Zweck</h3><p>Zweck des Vereins ist die Förderung von Kunst und Kultur, insbesondere der Freiburger Meisterkonzerte. Der Zweck wird verwirklicht durch die finanzielle Unterstützung von Konzerten, die Förderung des musikalischen Nachwuchses und die Vermittlung von Musik an ein breites Publikum. Der Verein verfolgt ausschließlich und unmittelbar gemeinnützige Zwecke.</p><h3>§ 3 Mitgliedschaft</h3><p>Mitglied kann jede natürliche und juristische Person werden. Über den schriftlichen Aufnahmeantrag entscheidet der Vorstand. Die Mitgliedschaft endet durch Austritt zum Ende des Geschäftsjahres, durch Ausschluss oder Tod.</p>',
              '<p>As amended on 14 March 2023, registered with the register of associations of the Freiburg local court under VR 1987. This English version is a courtesy translation; the German text is binding.</p><h3>§ 1 Name, seat, financial year</h3><p>The association is called “<span lang="de">Konzertfreunde Freiburg e. V.</span>” and has its seat in Freiburg im Breisgau. The financial year is the concert season from 1 August to 31 July.</p><h3>§ 2 Purpose</h3><p>The purpose of the association is to promote art and culture, in particular the Freiburg master concerts. It pursues this purpose by funding concerts, supporting young musicians and bringing music to a wide audience. The association pursues exclusively and directly charitable purposes.</p><h3>§ 3 Membership</h3><p>Any natural or legal person may become a member. The board decides on written applications for membership. Membership ends by resignation at the end of the financial year, by exclusion or by death.</p>',
            ),
          },
        ],
      },
      {
        slug: t('satzung-organe', 'statutes-bodies'),
        layout: 3,
        modules: [
          {
            type: 'text',
            column: 0,
            content: t(
              '<h3>§ 4 Beiträge</h3><p>Die Mitglieder zahlen einen Jahresbeitrag, dessen Höhe die Mitgliederversammlung festlegt. Ehrenmitglieder sind beitragsfrei.</p><h3>§ 5 Organe</h3><p>Organe des Vereins sind die Mitgliederversammlung und der Vorstand.</p>',
              '<h3>§ 4 Fees</h3><p>Members pay an annual fee set by the general meeting. Honorary members pay no fee.</p><h3>§ 5 Bodies</h3><p>The bodies of the association are the general meeting and the board.</p>',
            ),
          },
          {
            type: 'text',
            column: 1,
            content: t(
              '<h3>§ 6 Mitgliederversammlung</h3><p>Die Mitgliederversammlung tritt mindestens einmal im Jahr zusammen. Sie wählt den Vorstand, nimmt den Jahresbericht entgegen und entlastet den Vorstand.</p><h3>§ 7 Auflösung</h3><p>Bei Auflösung des Vereins fällt sein Vermögen an die Stadt Freiburg, die es unmittelbar und ausschließlich für die Förderung der Musik zu verwenden hat.</p>',
              '<h3>§ 6 General meeting</h3><p>The general meeting convenes at least once a year. It elects the board, receives the annual report and discharges the board.</p><h3>§ 7 Dissolution</h3><p>If the association is dissolved, its assets pass to the City of Freiburg, which must use them directly and exclusively to promote music.</p>',
            ),
          },
        ],
      },
    ],
  },
];
