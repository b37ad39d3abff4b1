import { lowestFee } from '../membership-fees';
import { image, t, type PageSpec } from '../bilingual';

export const home: PageSpec = {
  key: 'home',
  content_type: 'home',
  slug: t('', ''),
  title: t('Startseite', 'Home'),
  headline: t('Konzertfreunde Freiburg', 'Konzertfreunde Freiburg'),
  meta_description: t(
    'Die Konzertfreunde Freiburg fördern seit 1987 die Meisterkonzerte im Konzerthaus am Stadtgarten – mit Abonnements, Nachwuchsprojekten und viel Begeisterung.',
    'Since 1987 the Konzertfreunde Freiburg have backed the master concerts at the Konzerthaus am Stadtgarten – with subscriptions, youth projects and enthusiasm.',
  ),
  og_image: 'concert-hall',
  hero: {
    headline: t('Musik braucht Freunde', 'Music needs friends'),
    text: t(
      'Wir sind über 1.200 Menschen, die die Freiburger Meisterkonzerte lieben und möglich machen. Kommen Sie mit uns ins Konzert – und hinter die Kulissen.',
      'We are more than 1,200 people who love the Freiburg master concerts and help to make them happen. Join us at the concert – and behind the scenes.',
    ),
    link: t('/de/mitgliedschaft', '/en/membership'),
    link_text: t('Mitglied werden', 'Become a member'),
    image: 'concert-hall',
  },
  containers: [
    {
      slug: t('start-willkommen', 'home-welcome'),
      layout: 1,
      modules: [
        {
          type: 'headline',
          headline_level: 2,
          preline: t('Willkommen', 'Welcome'),
          content: t('Ein Verein für das Publikum', 'An association for the audience'),
          subline: t('Seit 1987 im Einsatz für große Musik in Freiburg', 'Championing great music in Freiburg since 1987'),
        },
        {
          type: 'text',
          content: t(
            '<p>Die Konzertfreunde Freiburg sind der Freundeskreis der <strong>Freiburger Meisterkonzerte</strong>. Wir unterstützen die Reihe finanziell, organisieren Einführungen und Probenbesuche und sorgen dafür, dass junge Menschen günstig ins Konzert kommen.</p><p>Als Mitglied sichern Sie sich vor dem freien Verkauf die besten Plätze, erhalten das Saisonheft nach Hause und lernen die Künstlerinnen und Künstler bei unseren Gesprächen persönlich kennen.</p>',
            '<p>The Konzertfreunde Freiburg are the friends’ association of the <strong>Freiburg master concerts</strong>. We support the series financially, organise pre-concert talks and rehearsal visits, and make sure young people can attend concerts at a low price.</p><p>As a member you secure the best seats before general sale, receive the season brochure at home and meet the artists in person at our talks.</p>',
          ),
        },
        {
          type: 'quote',
          column: 1,
          preline: t('Aus unserem Publikum', 'From our audience'),
          content: t(
            'Seit ich Mitglied bin, gehe ich nicht mehr nur ins Konzert – ich gehöre dazu.',
            'Since becoming a member I no longer just go to concerts – I belong.',
          ),
          author: t('Gisela M., Mitglied seit 2009', 'Gisela M., member since 2009'),
        },
      ],
    },
    {
      slug: t('start-naechste-konzerte', 'home-next-concerts'),
      layout: 0,
      modules: [{ type: 'next_concerts', headline: t('Nächste Konzerte', 'Next concerts'), count: 4 }],
    },
    {
      slug: t('start-entdecken', 'home-discover'),
      layout: 0,
      modules: [
        {
          type: 'teaser_list',
          extra_class: 'grid',
          children: [
            {
              image: image('foyer'),
              preline: t('Verein', 'Association'),
              headline: t('Über uns', 'About us'),
              subline: t('Wer wir sind und was wir tun', 'Who we are and what we do'),
              text: t(
                'Vom Gründungsabend im Foyer bis zum Auftragswerk zum Jubiläum: unsere Geschichte und unser Vorstand.',
                'From the founding evening in the foyer to the anniversary commission: our history and our board.',
              ),
              link_text: t('Mehr erfahren', 'Read more'),
              link: t('/de/ueber-uns', '/en/about-us'),
            },
            {
              image: image('chamber-hall'),
              preline: t('Spielstätten', 'Venues'),
              headline: t('Konzertorte', 'Venues'),
              subline: t('Drei Säle, ein Klang', 'Three halls, one sound'),
              text: t(
                'Großer Saal, Kammermusiksaal und Klosterkirche: so finden Sie hin, so sitzen Sie gut.',
                'Main hall, chamber music hall and abbey church: how to get there and where to sit.',
              ),
              link_text: t('Zu den Konzertorten', 'See the venues'),
              link: t('/de/konzertorte', '/en/venues'),
            },
            {
              image: image('audience'),
              preline: t('Mitgliedschaft', 'Membership'),
              headline: t('Dabei sein', 'Be part of it'),
              subline: lowestFee(),
              text: t(
                'Vorkaufsrecht, Probenbesuche und Künstlergespräche – und ein Beitrag, der direkt der Musik zugutekommt.',
                'Priority booking, rehearsal visits and artist talks – and a fee that goes straight to the music.',
              ),
              link_text: t('Mitglied werden', 'Become a member'),
              link: t('/de/mitgliedschaft/mitglied-werden', '/en/membership/become-a-member'),
            },
          ],
        },
      ],
    },
    {
      slug: t('start-video', 'home-video'),
      layout: 0,
      modules: [
        {
          type: 'video',
          video_url: 'https://www.youtube.com/watch?v=kf-season-2627',
          image: image('orchestra'),
          title: t('Die Saison 2026/27 in drei Minuten', 'The 2026/27 season in three minutes'),
          length: '3:05',
        },
      ],
    },
    {
      slug: t('start-foerdern', 'home-support'),
      layout: 0,
      modules: [
        {
          type: 'full_teaser',
          extra_class: 'image-right',
          image: image('string-quartet'),
          preline: t('Nachwuchs fördern', 'Supporting young musicians'),
          headline: t('Konzert für fünf Euro', 'A concert for five euros'),
          text: t(
            'Mit Ihrer Spende erhalten Schülerinnen, Schüler und Studierende Karten für fünf Euro. Jede Saison kommen so über 2.000 junge Menschen in die Meisterkonzerte.',
            'Your donation lets pupils and students attend for five euros. Every season more than 2,000 young people come to the master concerts this way.',
          ),
          link_text: t('Jetzt fördern', 'Support us now'),
          link: t('/de/mitgliedschaft/foerdern', '/en/membership/support-us'),
        },
        {
          type: 'logo_list',
          children: [
            {
              image: image('logo-foundation'),
              image_alt: t('Kulturstiftung Dreisam', 'Kulturstiftung Dreisam'),
              image_copyright: '',
              link: 'https://www.example-kulturstiftung.de',
              text: t('Förderer der Nachwuchsreihe', 'Sponsor of the young artists series'),
            },
            {
              image: image('logo-music-school'),
              image_alt: t('Musikschule am Münster', 'Musikschule am Münster'),
              image_copyright: '',
              link: 'https://www.example-musikschule.de',
              text: t('Partner für Schulkonzerte', 'Partner for school concerts'),
            },
            {
              image: image('logo-radio'),
              image_alt: t('Radio Breisgau Klassik', 'Radio Breisgau Klassik'),
              image_copyright: '',
              link: 'https://www.example-radio.de',
              text: t('Medienpartner', 'Media partner'),
            },
          ],
        },
      ],
    },
  ],
};
