import { image, t, type PageSpec } from '../bilingual';

export const visit: PageSpec[] = [
  {
    key: 'venues',
    parent: 'home',
    slug: t('konzertorte', 'venues'),
    title: t('Konzertorte', 'Venues'),
    headline: t('Unsere Konzertorte', 'Our venues'),
    meta_description: t(
      'Konzerthaus am Stadtgarten, Kammermusiksaal im Kornhaus und Klosterkirche St. Peter: Anfahrt, Barrierefreiheit und Tipps.',
      'Konzerthaus am Stadtgarten, the chamber music hall in the Kornhaus and the abbey church of St. Peter: directions, accessibility and tips.',
    ),
    og_image: 'chamber-hall',
    in_menu: true,
    containers: [
      {
        slug: t('konzertorte-konzerthaus', 'venues-concert-house'),
        layout: 1,
        modules: [
          {
            type: 'headline',
            headline_level: 2,
            preline: t('Großer Saal', 'Main hall'),
            content: t('Konzerthaus am Stadtgarten', 'Konzerthaus am Stadtgarten'),
          },
          {
            type: 'text',
            content: t(
              '<p>Der Große Saal fasst 1.700 Plätze und gehört zu den klangschönsten Sälen Süddeutschlands. Die Straßenbahnhaltestelle „Stadtgarten“ liegt direkt vor dem Haus; die Tiefgarage öffnet 90 Minuten vor Konzertbeginn.</p><p>Rollstuhlplätze gibt es im Parkett, Reihe 1 und 18. Eine induktive Höranlage ist im ganzen Saal installiert.</p>',
              '<p>The main hall seats 1,700 and is one of the finest-sounding halls in southern Germany. The “Stadtgarten” tram stop is right in front of the building; the underground car park opens 90 minutes before the concert.</p><p>Wheelchair spaces are in the stalls, rows 1 and 18. An induction loop covers the whole hall.</p>',
            ),
          },
          {
            type: 'image',
            column: 1,
            image: image('concert-hall'),
            alias: 'vertical',
            description: t('Der Große Saal mit 1.700 Plätzen', 'The main hall with 1,700 seats'),
          },
        ],
      },
      {
        slug: t('konzertorte-kammermusik', 'venues-chamber-music'),
        layout: 2,
        modules: [
          {
            type: 'image',
            column: 0,
            image: image('chamber-hall'),
            alias: 'horizontal',
            description: t('Kammermusiksaal im Kornhaus', 'Chamber music hall in the Kornhaus'),
          },
          {
            type: 'headline',
            column: 1,
            headline_level: 2,
            preline: t('Kammermusik', 'Chamber music'),
            content: t('Kammermusiksaal im Kornhaus', 'Chamber music hall in the Kornhaus'),
          },
          {
            type: 'text',
            column: 1,
            content: t(
              '<p>Unter der historischen Holzdecke des Kornhauses am Münsterplatz finden 280 Gäste Platz. Hier spielen Streichquartette, Liedduos und unsere Nachwuchsreihe. Der Saal ist über einen Aufzug im Innenhof barrierefrei erreichbar.</p>',
              '<p>Beneath the historic wooden ceiling of the Kornhaus on Münsterplatz there is room for 280 guests. String quartets, song recitals and our young artists series perform here. The hall is step-free via a lift in the courtyard.</p>',
            ),
          },
        ],
      },
      {
        slug: t('konzertorte-st-peter', 'venues-st-peter'),
        layout: 1,
        modules: [
          {
            type: 'headline',
            headline_level: 2,
            preline: t('Sommerkonzerte', 'Summer concerts'),
            content: t('Klosterkirche St. Peter', 'Abbey church of St. Peter'),
          },
          {
            type: 'text',
            content: t(
              '<p>Im Juli ziehen die Meisterkonzerte in den Schwarzwald: Die barocke Klosterkirche St. Peter bietet 600 Plätze und eine Akustik, die Chormusik und Orgel besonders zur Geltung bringt. Zu den Sommerkonzerten fährt ein Sonderbus ab dem Konzerthaus.</p>',
              '<p>In July the master concerts move to the Black Forest: the baroque abbey church of St. Peter seats 600 and has acoustics that particularly suit choral and organ music. A special bus runs from the Konzerthaus to the summer concerts.</p>',
            ),
          },
          {
            type: 'image',
            column: 1,
            image: image('church'),
            alias: 'vertical',
            description: t('Blick zur Orgel in St. Peter', 'View towards the organ in St. Peter'),
          },
        ],
      },
    ],
  },
  {
    key: 'press',
    parent: 'home',
    slug: t('presse', 'press'),
    title: t('Presse', 'Press'),
    headline: t('Presse und Medien', 'Press and media'),
    meta_description: t(
      'Pressemitteilungen, Ansprechpartnerin und Pressefotos der Konzertfreunde Freiburg.',
      'Press releases, press contact and photographs of the Konzertfreunde Freiburg.',
    ),
    og_image: 'orchestra',
    in_footer: true,
    containers: [
      {
        slug: t('presse-kontakt', 'press-contact'),
        layout: 1,
        modules: [
          {
            type: 'text',
            content: t(
              '<p>Für Presseanfragen, Interviews und Akkreditierungen zu den Meisterkonzerten erreichen Sie unsere Pressereferentin <strong>Miriam Albrecht</strong> unter <a href="mailto:presse@konzertfreunde.example">presse@konzertfreunde.example</a>. Wir antworten in der Regel innerhalb eines Werktags.</p>',
              '<p>For press enquiries, interviews and accreditation for the master concerts, please contact our press officer <strong>Miriam Albrecht</strong> at <a href="mailto:presse@konzertfreunde.example">presse@konzertfreunde.example</a>. We usually reply within one working day.</p>',
            ),
          },
          {
            type: 'link',
            column: 1,
            content: t('Presseanfrage senden', 'Send a press enquiry'),
            link: 'mailto:presse@konzertfreunde.example',
            extra_class: 'button',
          },
        ],
      },
      {
        slug: t('presse-mitteilungen', 'press-releases'),
        layout: 0,
        modules: [
          {
            type: 'headline',
            headline_level: 2,
            content: t('Pressemitteilungen', 'Press releases'),
          },
          {
            type: 'teaser_list',
            extra_class: 'standard',
            children: [
              {
                image: null,
                preline: t('12. September 2026', '12 September 2026'),
                headline: t('Rekord bei den Nachwuchskarten', 'Record number of youth tickets'),
                subline: '',
                text: t(
                  'In der vergangenen Saison haben die Konzertfreunde 2.340 Karten für Schülerinnen, Schüler und Studierende finanziert – so viele wie nie zuvor.',
                  'Last season the Konzertfreunde funded 2,340 tickets for pupils and students – more than ever before.',
                ),
                link_text: '',
                link: '',
              },
              {
                image: null,
                preline: t('3. Mai 2026', '3 May 2026'),
                headline: t('Neues Auftragswerk für 2027', 'New commission for 2027'),
                subline: '',
                text: t(
                  'Zum 40-jährigen Bestehen vergeben die Konzertfreunde ein Auftragswerk für Chor und Orchester, das im Juli 2027 in St. Peter uraufgeführt wird.',
                  'For their 40th anniversary the Konzertfreunde are commissioning a work for choir and orchestra, to be premiered in St. Peter in July 2027.',
                ),
                link_text: '',
                link: '',
              },
            ],
          },
        ],
      },
      {
        slug: t('presse-fotos', 'press-photos'),
        layout: 0,
        modules: [
          {
            type: 'image_list',
            extra_class: 'grid',
            children: [
              {
                image: image('orchestra'),
                title: t('Sinfoniekonzert', 'Symphony concert'),
                description: t('Honorarfrei bei Nennung der Quelle', 'Free to use with credit'),
                link: '',
              },
              {
                image: image('conductor'),
                title: t('Am Pult', 'On the podium'),
                description: t('Honorarfrei bei Nennung der Quelle', 'Free to use with credit'),
                link: '',
              },
              {
                image: image('foyer'),
                title: t('Foyer', 'Foyer'),
                description: t('Honorarfrei bei Nennung der Quelle', 'Free to use with credit'),
                link: '',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'faq',
    parent: 'home',
    slug: t('faq', 'faq'),
    title: t('FAQ', 'FAQ'),
    headline: t('Häufige Fragen', 'Frequently asked questions'),
    meta_description: t(
      'Antworten auf häufige Fragen zu Karten, Mitgliedschaft, Garderobe und Barrierefreiheit.',
      'Answers to frequent questions about tickets, membership, cloakroom and accessibility.',
    ),
    containers: [
      {
        slug: t('faq-konzertbesuch', 'faq-concert-visit'),
        layout: 0,
        modules: [
          {
            type: 'headline',
            headline_level: 2,
            content: t('Rund um den Konzertbesuch', 'About your concert visit'),
          },
          {
            type: 'faq',
            items: [
              {
                content: t('Wo bekomme ich Karten?', 'Where can I get tickets?'),
                answer: t(
                  '<p>Karten gibt es an der Kasse im Konzerthaus, telefonisch und online. Mitglieder buchen zwei Wochen vor dem freien Verkauf.</p>',
                  '<p>Tickets are available at the box office in the Konzerthaus, by phone and online. Members book two weeks before general sale.</p>',
                ),
              },
              {
                content: t('Gibt es eine Kleiderordnung?', 'Is there a dress code?'),
                answer: t(
                  '<p>Nein. Kommen Sie so, wie Sie sich wohlfühlen – viele machen sich für den Abend gern schick, Pflicht ist das nicht.</p>',
                  '<p>No. Come as you feel comfortable – many people like to dress up for the evening, but nobody has to.</p>',
                ),
              },
              {
                content: t('Darf ich zu spät kommen?', 'May I arrive late?'),
                answer: t(
                  '<p>Zu spät Kommende werden an einer geeigneten Stelle, meist nach dem ersten Werk, eingelassen. Bis dahin können Sie das Konzert im Foyer auf einem Bildschirm verfolgen.</p>',
                  '<p>Latecomers are admitted at a suitable point, usually after the first piece. Until then you can follow the concert on a screen in the foyer.</p>',
                ),
              },
              {
                content: t('Ist das Konzerthaus barrierefrei?', 'Is the Konzerthaus accessible?'),
                answer: t(
                  '<p>Ja. Alle Ebenen sind mit dem Aufzug erreichbar, es gibt Rollstuhlplätze und eine induktive Höranlage. Begleitpersonen mit Ausweis „B“ erhalten eine Freikarte.</p>',
                  '<p>Yes. All levels can be reached by lift, there are wheelchair spaces and an induction loop. Companions of holders of a German disability pass marked “B” receive a free ticket.</p>',
                ),
              },
            ],
          },
        ],
      },
      {
        slug: t('faq-mitgliedschaft', 'faq-membership'),
        layout: 0,
        modules: [
          {
            type: 'headline',
            headline_level: 2,
            content: t('Zur Mitgliedschaft', 'About membership'),
          },
          {
            type: 'faq',
            items: [
              {
                content: t('Kann ich die Mitgliedschaft verschenken?', 'Can I give membership as a gift?'),
                answer: t(
                  '<p>Ja, wir stellen Ihnen gern einen Geschenkgutschein für ein Jahr Mitgliedschaft aus.</p>',
                  '<p>Yes, we are happy to issue a gift voucher for one year of membership.</p>',
                ),
              },
              {
                content: t('Wie kündige ich?', 'How do I cancel?'),
                answer: t(
                  '<p>Eine formlose Nachricht an die Geschäftsstelle genügt; die Mitgliedschaft endet zum Ende der laufenden Saison am 31. Juli.</p>',
                  '<p>An informal message to our office is enough; membership ends at the end of the current season on 31 July.</p>',
                ),
              },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'contact',
    parent: 'home',
    slug: t('kontakt', 'contact'),
    title: t('Kontakt', 'Contact'),
    headline: t('So erreichen Sie uns', 'How to reach us'),
    meta_description: t(
      'Geschäftsstelle, Telefonzeiten und E-Mail der Konzertfreunde Freiburg.',
      'Office, phone hours and e-mail of the Konzertfreunde Freiburg.',
    ),
    in_footer: true,
    containers: [
      {
        slug: t('kontakt-geschaeftsstelle', 'contact-office'),
        layout: 3,
        modules: [
          {
            type: 'text',
            column: 0,
            content: t(
              '<h3>Geschäftsstelle</h3><p>Konzertfreunde Freiburg e. V.<br>Musikantenweg 12<br>79098 Freiburg im Breisgau</p><p>Telefon +49 761 555 01 23<br>E-Mail <a href="mailto:info@konzertfreunde.example">info@konzertfreunde.example</a></p>',
              '<h3>Office</h3><p>Konzertfreunde Freiburg e. V.<br>Musikantenweg 12<br>79098 Freiburg im Breisgau, Germany</p><p>Phone +49 761 555 01 23<br>E-mail <a href="mailto:info@konzertfreunde.example">info@konzertfreunde.example</a></p>',
            ),
          },
          {
            type: 'text',
            column: 1,
            content: t(
              '<h3>Telefonzeiten</h3><p>Montag bis Freitag von 10 bis 14 Uhr, an Konzerttagen von 11 Uhr bis Konzertbeginn.</p><p>An Konzertabenden finden Sie uns außerdem am Stand der Konzertfreunde im Foyer, links neben der Garderobe.</p>',
              '<h3>Phone hours</h3><p>Monday to Friday from 10 am to 2 pm, on concert days from 11 am until the concert begins.</p><p>On concert evenings you will also find us at the Konzertfreunde stand in the foyer, to the left of the cloakroom.</p>',
            ),
          },
        ],
      },
      {
        slug: t('kontakt-fragen', 'contact-questions'),
        layout: 0,
        modules: [
          {
            type: 'text',
            content: t(
              '<h3>Kontaktformular</h3><p>Am schnellsten erreicht uns Ihre Frage über das Kontaktformular: Sie wählen das Thema, und Ihre Nachricht kommt gleich bei der richtigen Stelle an.</p>',
              '<h3>Contact form</h3><p>The quickest way to reach us is the contact form: you choose the topic, and your message goes straight to the right person.</p>',
            ),
          },
          {
            type: 'link',
            content: t('Zum Kontaktformular', 'Open the contact form'),
            link: t('/de/forms/kontakt', '/en/forms/kontakt'),
            extra_class: 'button',
          },
          {
            type: 'link',
            content: t('Antworten auf häufige Fragen', 'Answers to frequent questions'),
            link: t('/de/faq', '/en/faq'),
            extra_class: 'default',
          },
        ],
      },
    ],
  },
];
