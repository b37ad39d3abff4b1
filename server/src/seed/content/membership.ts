import { image, t, type PageSpec } from '../bilingual';
import { feeItems } from '../membership-fees';

export const membership: PageSpec[] = [
  {
    key: 'membership',
    parent: 'home',
    slug: t('mitgliedschaft', 'membership'),
    title: t('Mitgliedschaft', 'Membership'),
    headline: t('Mitglied bei den Konzertfreunden', 'Membership of the Konzertfreunde'),
    meta_description: t(
      'Vorkaufsrecht, Probenbesuche, Künstlergespräche: was Ihnen eine Mitgliedschaft bringt und was sie kostet.',
      'Priority booking, rehearsal visits, artist talks: what membership offers you and what it costs.',
    ),
    og_image: 'audience',
    in_menu: true,
    containers: [
      {
        slug: t('mitgliedschaft-vorteile', 'membership-benefits'),
        layout: 1,
        modules: [
          {
            type: 'headline',
            headline_level: 2,
            content: t('Ihre Vorteile', 'Your benefits'),
          },
          {
            type: 'text',
            content: t(
              '<ul><li><strong>Vorkaufsrecht:</strong> Sie buchen Einzelkarten und Abonnements zwei Wochen vor dem freien Verkauf.</li><li><strong>Probenbesuche:</strong> Mehrmals pro Saison öffnen Orchester und Solisten für unsere Mitglieder die Generalprobe.</li><li><strong>Künstlergespräche:</strong> Nach ausgewählten Konzerten treffen Sie die Musikerinnen und Musiker im Foyer.</li><li><strong>Saisonheft:</strong> Das Programm der neuen Saison kommt im Juni zu Ihnen nach Hause.</li><li><strong>Zehn Prozent Ermäßigung</strong> auf Karten für die Kammermusikreihe.</li></ul>',
              '<ul><li><strong>Priority booking:</strong> you book single tickets and subscriptions two weeks before general sale.</li><li><strong>Rehearsal visits:</strong> several times a season orchestras and soloists open their dress rehearsal to our members.</li><li><strong>Artist talks:</strong> after selected concerts you meet the musicians in the foyer.</li><li><strong>Season brochure:</strong> the programme of the new season arrives at your home in June.</li><li><strong>Ten per cent off</strong> tickets for the chamber music series.</li></ul>',
            ),
          },
          {
            type: 'faq',
            column: 1,
            items: feeItems(),
          },
        ],
      },
      {
        slug: t('mitgliedschaft-wege', 'membership-ways'),
        layout: 0,
        modules: [
          {
            type: 'teaser_list',
            extra_class: 'standard',
            children: [
              {
                image: image('audience'),
                preline: t('In drei Schritten', 'In three steps'),
                headline: t('Mitglied werden', 'Become a member'),
                subline: '',
                text: t('Antrag ausfüllen, Beitrag wählen, beim nächsten Konzert dabei sein.', 'Fill in the form, choose your fee, join us at the next concert.'),
                link_text: t('So geht’s', 'How it works'),
                link: t('/de/mitgliedschaft/mitglied-werden', '/en/membership/become-a-member'),
              },
              {
                image: image('string-quartet'),
                preline: t('Spenden und Stiften', 'Donations and endowments'),
                headline: t('Fördern', 'Support us'),
                subline: '',
                text: t('Jede Spende wird zu Musik – etwa zu Nachwuchskarten oder einem neuen Auftragswerk.', 'Every donation turns into music – into youth tickets or a new commission, for instance.'),
                link_text: t('Fördermöglichkeiten', 'Ways to support'),
                link: t('/de/mitgliedschaft/foerdern', '/en/membership/support-us'),
              },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'join',
    parent: 'membership',
    slug: t('mitglied-werden', 'become-a-member'),
    title: t('Mitglied werden', 'Become a member'),
    headline: t('In drei Schritten Mitglied werden', 'Become a member in three steps'),
    meta_description: t(
      'So werden Sie Mitglied der Konzertfreunde Freiburg: Antrag, Beitrag, Begrüßung.',
      'How to join the Konzertfreunde Freiburg: application, fee, welcome.',
    ),
    og_image: 'audience',
    has_tab_navigation: true,
    containers: [
      {
        slug: t('mitglied-werden-schritte', 'become-a-member-steps'),
        layout: 4,
        modules: [
          {
            type: 'text',
            column: 0,
            content: t(
              '<h3>1. Antrag stellen</h3><p>Füllen Sie den <a href="/de/forms/mitgliedsantrag">Aufnahmeantrag online</a> aus oder holen Sie ihn auf Papier an unserem Stand im Foyer ab.</p>',
              '<h3>1. Apply</h3><p>Fill in the <a href="/en/forms/mitgliedsantrag">application form online</a> or pick up a paper copy at our stand in the foyer.</p>',
            ),
          },
          {
            type: 'link',
            column: 0,
            content: t('Aufnahmeantrag ausfüllen', 'Fill in the application'),
            link: t('/de/forms/mitgliedsantrag', '/en/forms/mitgliedsantrag'),
            extra_class: 'button',
          },
          {
            type: 'text',
            column: 1,
            content: t(
              '<h3>2. Beitrag wählen</h3><p>Wählen Sie Ihren Beitrag und erteilen Sie uns ein SEPA-Lastschriftmandat. Der Beitrag ist als Spende steuerlich absetzbar.</p>',
              '<h3>2. Choose your fee</h3><p>Choose your fee and give us a SEPA direct debit mandate. The fee is tax-deductible as a donation in Germany.</p>',
            ),
          },
          {
            type: 'text',
            column: 2,
            content: t(
              '<h3>3. Willkommen</h3><p>Wenige Tage später erhalten Sie Ihren Mitgliedsausweis und eine Einladung zum nächsten Mitgliedertreffen.</p>',
              '<h3>3. Welcome</h3><p>A few days later you receive your membership card and an invitation to the next members’ get-together.</p>',
            ),
          },
        ],
      },
      {
        slug: t('mitglied-werden-kontakt', 'become-a-member-contact'),
        layout: 1,
        modules: [
          {
            type: 'text',
            content: t(
              '<p>Sie haben Fragen zur Mitgliedschaft? Unsere Geschäftsstelle berät Sie gern – telefonisch, per E-Mail oder an Konzertabenden am Stand der Konzertfreunde im Foyer.</p>',
              '<p>Do you have questions about membership? Our office will be happy to help – by phone, by e-mail or on concert evenings at the Konzertfreunde stand in the foyer.</p>',
            ),
          },
          {
            type: 'link',
            column: 1,
            content: t('Kontakt aufnehmen', 'Get in touch'),
            link: t('/de/forms/kontakt', '/en/forms/kontakt'),
            extra_class: 'button',
          },
        ],
      },
    ],
  },
  {
    key: 'support',
    parent: 'membership',
    slug: t('foerdern', 'support-us'),
    title: t('Fördern', 'Support us'),
    headline: t('Musik möglich machen', 'Make music possible'),
    meta_description: t(
      'Spenden, Patenschaften und Zustiftungen: wie Sie die Meisterkonzerte und den musikalischen Nachwuchs fördern.',
      'Donations, sponsorships and endowments: how you can support the master concerts and young musicians.',
    ),
    og_image: 'string-quartet',
    has_tab_navigation: true,
    containers: [
      {
        slug: t('foerdern-moeglichkeiten', 'support-us-ways'),
        layout: 0,
        modules: [
          {
            type: 'full_teaser',
            extra_class: 'image-left',
            image: image('pianist'),
            preline: t('Patenschaft', 'Sponsorship'),
            headline: t('Einen Platz verschenken', 'Give a seat'),
            text: t(
              'Mit 50 € finanzieren Sie zehn Nachwuchskarten. Als Patin oder Pate einer ganzen Schulklasse laden wir Sie zum Konzert mit den Jugendlichen ein.',
              'With €50 you fund ten youth tickets. If you sponsor a whole school class, we invite you to the concert with the young people.',
            ),
            link_text: t('Patenschaft anfragen', 'Ask about sponsorship'),
            link: 'mailto:foerdern@konzertfreunde.example',
          },
          {
            type: 'text',
            content: t(
              '<p>Ihre Spende an die Konzertfreunde ist steuerlich absetzbar; ab 300 € erhalten Sie automatisch eine Zuwendungsbestätigung. Unser Spendenkonto:</p><p><strong>Konzertfreunde Freiburg e. V.</strong><br>IBAN DE89 3704 0044 0532 0130 00<br>Verwendungszweck: Spende Meisterkonzerte</p>',
              '<p>Donations to the Konzertfreunde are tax-deductible in Germany; for amounts of €300 or more you automatically receive a donation receipt. Our account for donations:</p><p><strong>Konzertfreunde Freiburg e. V.</strong><br>IBAN DE89 3704 0044 0532 0130 00<br>Reference: Donation master concerts</p>',
            ),
          },
        ],
      },
      {
        slug: t('foerdern-stimmen', 'support-us-voices'),
        layout: 3,
        modules: [
          {
            type: 'quote',
            column: 0,
            content: t(
              'Mein erstes Konzert habe ich mit einer Nachwuchskarte der Konzertfreunde erlebt. Heute spiele ich selbst im Orchester.',
              'I heard my first concert with a Konzertfreunde youth ticket. Today I play in the orchestra myself.',
            ),
            author: t('Lea K., Bratschistin', 'Lea K., violist'),
          },
          {
            type: 'quote',
            column: 1,
            content: t(
              'Das Auftragswerk zum Jubiläum wäre ohne die Zustiftungen unserer Mitglieder nicht möglich gewesen.',
              'The anniversary commission would not have been possible without our members’ endowments.',
            ),
            author: t('Carla Nguyen, Schatzmeisterin', 'Carla Nguyen, treasurer'),
          },
        ],
      },
    ],
  },
];
