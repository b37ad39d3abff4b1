import { t, type PageSpec } from '../bilingual';

export const legal: PageSpec[] = [
  {
    key: 'imprint',
    parent: 'home',
    slug: t('impressum', 'imprint'),
    title: t('Impressum', 'Imprint'),
    headline: t('Impressum', 'Imprint'),
    meta_description: t('Anbieterkennzeichnung der Konzertfreunde Freiburg e. V.', 'Legal notice of the Konzertfreunde Freiburg e. V.'),
    in_footer: true,
    containers: [
      {
        slug: t('impressum-anbieter', 'imprint-provider'),
        layout: 0,
        modules: [
          {
            type: 'text',
            content: t(
              '<h3>Angaben gemäß § 5 DDG</h3><p>Konzertfreunde Freiburg e. V.<br>Musikantenweg 12<br>79098 Freiburg im Breisgau</p><p>Vertreten durch den Vorstand: Dr. Annette Brenneisen (Vorsitzende), Matthias Oberle (stellvertretender Vorsitzender)</p><p>Registergericht: Amtsgericht Freiburg im Breisgau, Vereinsregister VR 1987</p><h3>Kontakt</h3><p>Telefon +49 761 555 01 23<br>E-Mail info@konzertfreunde.example</p><h3>Verantwortlich für den Inhalt</h3><p>Dr. Annette Brenneisen, Anschrift wie oben</p>',
              '<h3>Information pursuant to § 5 DDG (German Digital Services Act)</h3><p>Konzertfreunde Freiburg e. V.<br>Musikantenweg 12<br>79098 Freiburg im Breisgau, Germany</p><p>Represented by the board: Dr Annette Brenneisen (Chair), Matthias Oberle (Deputy Chair)</p><p>Register court: Freiburg im Breisgau local court, register of associations VR 1987</p><h3>Contact</h3><p>Phone +49 761 555 01 23<br>E-mail info@konzertfreunde.example</p><h3>Responsible for content</h3><p>Dr Annette Brenneisen, address as above</p>',
            ),
          },
        ],
      },
      {
        slug: t('impressum-haftung', 'imprint-liability'),
        layout: 0,
        modules: [
          {
            type: 'text',
            content: t(
              '<h3>Haftung für Links</h3><p>Unsere Seiten enthalten Links zu Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für diese Inhalte ist der jeweilige Anbieter verantwortlich. Bei Bekanntwerden von Rechtsverletzungen entfernen wir solche Links umgehend.</p><h3>Bildnachweise</h3><p>Die Abbildungen auf dieser Website sind Illustrationen der Konzertfreunde Freiburg e. V.</p>',
              '<h3>Liability for links</h3><p>Our pages contain links to third-party websites whose content we cannot influence. The respective provider is responsible for that content. Should we become aware of any infringement, we will remove such links immediately.</p><h3>Image credits</h3><p>The pictures on this website are illustrations by the Konzertfreunde Freiburg e. V.</p>',
            ),
          },
        ],
      },
    ],
  },
  {
    key: 'privacy',
    parent: 'home',
    slug: t('datenschutz', 'privacy'),
    title: t('Datenschutz', 'Privacy'),
    headline: t('Datenschutzerklärung', 'Privacy policy'),
    meta_description: t(
      'Wie die Konzertfreunde Freiburg personenbezogene Daten auf dieser Website verarbeiten.',
      'How the Konzertfreunde Freiburg process personal data on this website.',
    ),
    in_footer: true,
    containers: [
      {
        slug: t('datenschutz-grundsaetze', 'privacy-principles'),
        layout: 0,
        modules: [
          {
            type: 'text',
            content: t(
              '<h3>Verantwortlicher</h3><p>Verantwortlich für die Datenverarbeitung auf dieser Website ist die Konzertfreunde Freiburg e. V., Musikantenweg 12, 79098 Freiburg im Breisgau, info@konzertfreunde.example.</p><h3>Server-Logdateien</h3><p>Beim Aufruf unserer Seiten speichert der Server technisch notwendige Angaben wie IP-Adresse, Zeitpunkt und aufgerufene Adresse für höchstens sieben Tage, um den sicheren Betrieb zu gewährleisten (Art. 6 Abs. 1 lit. f DSGVO).</p><h3>Cookies und eingebettete Inhalte</h3><p>Wir setzen nur technisch notwendige Cookies. Videos, Musik und andere eingebettete Inhalte von Drittanbietern laden wir erst, nachdem Sie dem in den Cookie-Einstellungen zugestimmt haben.</p>',
              '<h3>Controller</h3><p>The controller for data processing on this website is Konzertfreunde Freiburg e. V., Musikantenweg 12, 79098 Freiburg im Breisgau, Germany, info@konzertfreunde.example.</p><h3>Server log files</h3><p>When you visit our pages, the server stores technically necessary information such as IP address, time and requested address for no more than seven days to keep the site secure (Art. 6(1)(f) GDPR).</p><h3>Cookies and embedded content</h3><p>We only use technically necessary cookies. Videos, music and other embedded content from third parties are loaded only after you have agreed to this in the cookie settings.</p>',
            ),
          },
        ],
      },
      {
        slug: t('datenschutz-rechte', 'privacy-rights'),
        layout: 0,
        modules: [
          {
            type: 'text',
            content: t(
              '<h3>Ihre Rechte</h3><p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung und Einschränkung der Verarbeitung Ihrer Daten sowie auf Datenübertragbarkeit und Widerspruch. Wenden Sie sich dazu an info@konzertfreunde.example. Sie können sich außerdem beim Landesbeauftragten für den Datenschutz Baden-Württemberg beschweren.</p>',
              '<h3>Your rights</h3><p>You have the right to access, rectify and erase your data, to restrict its processing, to data portability and to object. Please write to info@konzertfreunde.example. You may also lodge a complaint with the data protection commissioner of Baden-Württemberg.</p>',
            ),
          },
        ],
      },
    ],
  },
];
