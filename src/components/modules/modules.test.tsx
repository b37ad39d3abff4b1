import React from 'react';
import type { Container, Media, Module, ModuleOf, ModuleType } from '../../../contract/schemas/content';
import { EmbedPlaceholder, EmbedView } from '../media/embed-placeholder';
import { ResponsiveImage } from '../media/responsive-image';
import { ContainerRenderer } from './container-renderer';
import { ModuleRenderer } from './module-renderer';
import { render } from './test-render';
import type { Event } from '../../../contract/schemas/programme';
import { PrebuiltUpcomingEvents } from '../programme/upcoming-events';

const media = (id: number, alt: string, overrides: Partial<Media> = {}): Media => ({
  id,
  width: 2400,
  height: 1600,
  alt,
  copyright: 'Foto: Konzertfreunde',
  color: '#3a2f4b',
  src: `/media/${id}/original.jpg`,
  focal: '500-500',
  ...overrides,
});

let nextId = 1;
const base = () => ({ id: nextId++, column: 0, position: 0, anchor: '' });

const longText =
  '<p>Die Konzertfreunde Freiburg sind der Freundeskreis der <strong>Freiburger Meisterkonzerte</strong>. Wir ' +
  'unterstützen die Reihe finanziell, organisieren Einführungen und Probenbesuche und sorgen dafür, dass junge ' +
  'Menschen günstig ins Konzert kommen.</p><p>Als Mitglied sichern Sie sich vor dem freien Verkauf die besten ' +
  'Plätze, erhalten das Saisonheft nach Hause und lernen die Künstlerinnen und Künstler persönlich kennen.</p>' +
  '<ul><li>Vorkaufsrecht für Abonnements</li><li>Probenbesuche</li></ul>';

/** One realistic module of every type; the mapped type makes a new module type fail to compile here. */
const fixtures: { [T in ModuleType]: ModuleOf<T> } = {
  headline: {
    ...base(),
    type: 'headline',
    headline_level: 3,
    preline: 'Willkommen',
    content: 'Ein Verein für das Publikum',
    subline: 'Seit 1987 im Einsatz für große Musik in Freiburg',
  },
  text: { ...base(), type: 'text', content: longText, add_additional_space: false, show_more: false },
  link: {
    ...base(),
    type: 'link',
    content: 'Mitglied werden',
    link: '/de/mitgliedschaft/mitglied-werden',
    link_url: '',
    open_new_window: false,
    extra_class: 'button',
  },
  image: {
    ...base(),
    type: 'image',
    image: media(11, 'Das Orchester beim Schlussapplaus'),
    image_url: '/media/11/original.jpg',
    alias: 'horizontal',
    description: 'Saisonabschluss im Großen Saal',
    link: '',
  },
  faq: {
    ...base(),
    type: 'faq',
    items: [
      { content: 'Wann beginnt der Vorverkauf?', answer: '<p>Für Mitglieder zwei Wochen vor dem freien Verkauf.</p>' },
      { content: 'Gibt es ermäßigte Karten?', answer: '<p>Ja, für Schüler und Studierende.</p>' },
    ],
  },
  video: {
    ...base(),
    type: 'video',
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    image_url: '/media/12/original.jpg',
    image: media(12, 'Der Dirigent bei der Probe'),
    title: 'Probenbesuch beim Sinfonieorchester',
    length: '4:12',
  },
  audio: {
    ...base(),
    type: 'audio',
    embed: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
    title: 'Hörprobe: Streichquartett Nr. 1',
  },
  viewer: {
    ...base(),
    type: 'viewer',
    embed: 'https://issuu.com/konzertfreunde/docs/saisonheft-2026-27',
    media_type: 'issuu',
    title: 'Saisonheft 2026/27',
  },
  quote: {
    ...base(),
    type: 'quote',
    content: 'Seit ich Mitglied bin, gehe ich nicht mehr nur ins Konzert – ich gehöre dazu.',
    author: 'Gisela M., Mitglied seit 2009',
    preline: 'Aus unserem Publikum',
  },
  full_teaser: {
    ...base(),
    type: 'full_teaser',
    image: media(13, 'Ein Streichquartett in einer Dorfkirche'),
    preline: 'Kammermusik',
    headline: 'Kammermusik in der Region',
    text: 'Unsere Kammermusikreihe bringt junge Ensembles in Dorfkirchen, Rathaussäle und Weingüter.',
    link_text: 'Zu den Konzertorten',
    link: '/de/konzertorte',
    extra_class: 'image-left',
  },
  teaser_list: {
    ...base(),
    type: 'teaser_list',
    extra_class: 'grid',
    children: [
      {
        image: media(14, 'Das Foyer vor dem Konzert'),
        preline: 'Verein',
        headline: 'Über uns',
        subline: 'Wer wir sind',
        text: 'Geschichte und Vorstand',
        link_text: 'Mehr erfahren',
        link: '/de/ueber-uns',
      },
      {
        image: null,
        preline: 'Service',
        headline: 'Häufige Fragen',
        subline: '',
        text: 'Karten, Garderobe, Barrierefreiheit',
        link_text: '',
        link: '/de/faq',
      },
    ],
  },
  image_list: {
    ...base(),
    type: 'image_list',
    extra_class: 'grid',
    children: [
      { image: media(15, 'Publikum im Saal'), title: 'Impression', description: 'Saison 2025/26', link: '' },
      { image: media(16, 'Die Stadtkirche'), title: 'Spielstätte', description: '', link: '/de/konzertorte' },
    ],
  },
  video_list: {
    ...base(),
    type: 'video_list',
    children: [
      {
        video_url: 'https://youtu.be/dQw4w9WgXcQ',
        title: 'Künstlergespräch',
        content: 'Nach dem Klavierabend im Foyer',
        image_url: '/media/17/original.jpg',
        image: media(17, 'Die Pianistin im Gespräch'),
      },
      {
        video_url: 'https://vimeo.com/123456789',
        title: 'Jugend im Konzert',
        content: '',
        image_url: '/media/18/original.jpg',
        image: null,
      },
    ],
  },
  social_media: {
    ...base(),
    type: 'social_media',
    embed: 'https://www.instagram.com/p/C1a2B3c4D5e/',
    media_type: 'instagram',
  },
  logo_list: {
    ...base(),
    type: 'logo_list',
    children: [
      {
        image: media(19, '', { width: 600, height: 300 }),
        image_alt: 'Stiftung Musikleben',
        image_copyright: '',
        link: 'https://www.example.org/stiftung',
        text: 'Förderer seit 2010',
      },
      {
        image: media(20, 'Musikschule Freiburg', { width: 200, height: 100 }),
        image_alt: '',
        image_copyright: '© Musikschule',
        link: '',
        text: '',
      },
    ],
  },
  next_concerts: { ...base(), type: 'next_concerts', headline: '', count: 2 },
};

const renderModule = (module: Module, locale: 'de' | 'en' = 'de') => render(<ModuleRenderer module={module} />, locale);

/** Values of one attribute across the markup. */
const attributes = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'gi'))].map((match) => match[1]);
const attribute = (html: string, name: string) => attributes(html, name)[0];
/** The opening tag of the first element matching a fragment of its markup. */
const tagWith = (html: string, fragment: string) => {
  const at = html.indexOf(fragment);
  if (at < 0) throw new Error(`no element with ${fragment}`);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
};
const idExists = (html: string, id: string) => attributes(html, 'id').includes(id);

const embedTypes = ['video', 'audio', 'viewer', 'video_list', 'social_media'] as const;

describe('ModuleRenderer', () => {
  it.each(Object.values(fixtures).map((module) => [module.type, module] as const))(
    'renders %s in a wrapper marked with its type',
    (type, module) => {
      const html = renderModule(module);
      expect(
        html.startsWith(`<div class="module module--${type.replace(/_/g, '-')}" data-module-type="${type}">`),
      ).toBe(true);
    },
  );

  it('gives the wrapper the anchor as id when one is set', () => {
    const html = renderModule({ ...fixtures.quote, anchor: 'stimmen' });
    expect(tagWith(html, 'data-module-type')).toContain('id="stimmen"');
    expect(tagWith(renderModule(fixtures.quote), 'data-module-type')).not.toContain('id=');
  });

  it('renders nothing for a module type this build does not know', () => {
    const unknown = { ...base(), type: 'carousel3d' } as unknown as Module;
    expect(renderModule(unknown)).toBe('');
  });
});

describe('headline', () => {
  it('uses the chosen level with preline and subline as plain text around it', () => {
    const html = renderModule(fixtures.headline);
    expect(html).toContain(
      '<hgroup class="headline-module"><p class="headline-module__preline">Willkommen</p>' +
        '<h3 class="headline-module__headline">Ein Verein für das Publikum</h3>' +
        '<p class="headline-module__subline">Seit 1987 im Einsatz für große Musik in Freiburg</p></hgroup>',
    );
  });

  it.each([
    [2, 'h2'],
    [6, 'h6'],
    [1, 'h2'],
    [9, 'h6'],
  ])('renders level %i as <%s>', (level, tag) => {
    const html = renderModule({ ...fixtures.headline, headline_level: level, preline: '', subline: '' });
    expect(html).toContain(`<${tag} class="headline-module__headline">`);
    expect(html).not.toContain('headline-module__preline');
  });
});

describe('text', () => {
  it('renders the stored HTML inside .rich-text', () => {
    const html = renderModule(fixtures.text);
    expect(html).toContain(`<div class="rich-text">${longText}</div>`);
    expect(html).not.toContain('<button');
  });

  it('collapses the rest of a long text behind a disclosure button with show_more', () => {
    const html = renderModule({ ...fixtures.text, show_more: true, add_additional_space: true });
    expect(html).toContain('class="text-module text-module--spaced"');
    const button = tagWith(html, 'text-module__toggle');
    expect(button).toContain('aria-expanded="false"');
    const controls = attribute(button, 'aria-controls');
    expect(tagWith(html, `id="${controls}"`)).toContain('hidden=""');
    expect(html).toContain('>Mehr anzeigen</button>');
    // The first paragraphs stay visible, the list is what "show more" reveals.
    expect(html.indexOf('Freiburger Meisterkonzerte')).toBeLessThan(html.indexOf('<button'));
    expect(html.indexOf('Probenbesuche</li>')).toBeGreaterThan(html.indexOf('<button'));
  });

  it('shows a short text in full even with show_more', () => {
    const html = renderModule({ ...fixtures.text, show_more: true, content: '<p>Kurz und bündig.</p>' });
    expect(html).not.toContain('<button');
    expect(html).not.toContain('hidden');
  });

  it('keeps the language of marked passages (WCAG 3.1.2), also in the part behind show_more', () => {
    const marked = '<p>Der zweite Satz, <span lang="it">Andante cantabile</span>, ist ein Lied ohne Worte.</p>';
    expect(renderModule({ ...fixtures.text, content: marked })).toContain(`<div class="rich-text">${marked}</div>`);
    const html = renderModule({ ...fixtures.text, show_more: true, content: longText + marked });
    expect(html).toContain('<span lang="it">Andante cantabile</span>');
    expect(html.indexOf('<span lang="it">')).toBeGreaterThan(html.indexOf('<button'));
  });
});

describe('link', () => {
  it('routes a site path through Gatsby and styles it as a button', () => {
    const html = renderModule(fixtures.link);
    expect(html).toContain('<a class="button" href="/de/mitgliedschaft/mitglied-werden">Mitglied werden</a>');
  });

  it('links to its target, with link_url only the fallback for a picked target that has no address now (ADR 062)', () => {
    // A stored row with both typed (before the rule that refuses it): the "Link" field wins.
    const both = renderModule({ ...fixtures.link, link: 'https://example.org/richtig', link_url: '/de/impressum', extra_class: 'default' });
    expect(both).toContain('href="https://example.org/richtig"');
    expect(both).not.toContain('/de/impressum');
    // A picked page resolved to its address: the address, not the fallback.
    expect(renderModule({ ...fixtures.link, link: '/de/ueber-uns', link_ref: 'page:12', link_url: '/de/kontakt' })).toContain('href="/de/ueber-uns"');
    // A picked page that is offline keeps the reference text, which is no address: the fallback takes over.
    const html = renderModule({ ...fixtures.link, link: 'page:12', link_url: '/de/kontakt', extra_class: 'default' });
    expect(html).toContain('href="/de/kontakt"');
  });

  it('opens an external link in a new window only when asked, then safely and announced', () => {
    const external = {
      ...fixtures.link,
      link: 'https://www.konzerthaus-freiburg.de/',
      extra_class: 'default' as const,
    };
    const same = tagWith(renderModule(external), 'href=');
    expect(same).not.toContain('target=');
    expect(same).not.toContain('rel=');

    const html = renderModule({ ...external, open_new_window: true });
    const anchor = tagWith(html, 'href=');
    expect(anchor).toContain('target="_blank"');
    expect(anchor).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<span class="visually-hidden"> (öffnet in neuem Fenster)</span>');
    expect(renderModule({ ...external, open_new_window: true }, 'en')).toContain('(opens in a new window)');
  });

  it('never opens site paths or mail links in a new window', () => {
    for (const link of ['/de/kontakt', 'mailto:info@konzertfreunde.example']) {
      const html = renderModule({ ...fixtures.link, link, open_new_window: true });
      expect(html).not.toContain('target=');
      expect(html).not.toContain('visually-hidden');
    }
  });

  it('keeps hash links and files as plain anchors', () => {
    expect(renderModule({ ...fixtures.link, link: '#anfahrt' })).toContain('href="#anfahrt"');
    expect(renderModule({ ...fixtures.link, link: '/media/11/original.jpg' })).toContain(
      'href="/media/11/original.jpg"',
    );
  });
});

describe('image', () => {
  it('shows the image with alt text, caption and credit from our media server', () => {
    const html = renderModule(fixtures.image);
    expect(html).toContain('<figure class="media-figure image-module image-module--horizontal">');
    expect(attributes(html, 'alt')).toContain('Das Orchester beim Schlussapplaus');
    expect(html).toContain(
      '<figcaption class="media-figure__caption">Saisonabschluss im Großen Saal' +
        '<small class="media-figure__credit">Foto: Konzertfreunde</small></figcaption>',
    );
    // The server's crop of the module's format around the focal point (ADR 087).
    expect(html).toContain('/media/11/horizontal-500-500/1240.avif 1240w');
    expect(html).not.toContain('<a ');
  });

  it('asks for the vertical crop around the focal point, which also places an image the server did not cut', () => {
    const html = renderModule({ ...fixtures.image, alias: 'vertical', image: media(11, 'Applaus', { focal: '120-900' }) });
    expect(html).toContain('/media/11/vertical-120-900/480.webp 480w');
    expect(html).not.toContain('/media/11/480.webp');
    expect(html).toContain('object-position:12% 90%');
  });

  it('is plain markup: sources per format with sizes, a lazy JPEG fallback, the colour behind it', () => {
    const html = renderModule(fixtures.image);
    expect(html).toMatch(/<picture><source type="image\/avif" srcSet="[^"]+" sizes="[^"]+"\/><source type="image\/webp"/);
    expect(html).toMatch(/<img src="\/media\/11\/horizontal-500-500\/\d+\.jpg" srcSet="[^"]*\.jpg \d+w[^"]*" sizes="[^"]+"[^>]* loading="lazy" decoding="async"/);
    expect(html).toMatch(/class="responsive-image responsive-image--constrained" style="[^"]*background-color:/);
    // Nothing waits for a script: no hidden main image, no loader attributes of gatsby-plugin-image.
    expect(html).not.toContain('opacity:0');
    expect(html).not.toContain('data-main-image');
    expect(html).not.toContain('fetchpriority');
  });

  it('asks for an image loaded at once (a hero, a lead image) before the scripts', () => {
    const html = render(<ResponsiveImage media={media(21, 'Der Saal')} width={1920} layout="fullWidth" loading="eager" decorative />);
    expect(html).toMatch(/<img [^>]*loading="eager" decoding="async" fetchpriority="high"/);
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain('alt=""');
  });

  it('keeps the vertical format at 400×500', () => {
    const html = renderModule({ ...fixtures.image, alias: 'vertical' });
    // The box has the image's ratio before the file arrives (no layout shift), and its width and height.
    expect(html).toContain('aspect-ratio:400 / 500');
    expect(html).toContain('max-width:400px');
    expect(html).toMatch(/<img [^>]*width="400" height="500"/);
  });

  it('links the image when a link is set', () => {
    const html = renderModule({ ...fixtures.image, link: '/de/galerie' });
    expect(html).toContain('<a class="image-module__link" href="/de/galerie">');
  });
});

describe('faq', () => {
  it('puts every answer into the HTML in a native disclosure, readable and operable without script (ADR 070)', () => {
    const html = renderModule(fixtures.faq);
    expect(html).toContain(
      '<div class="faq">' +
        fixtures.faq.items
          .map(
            (item) =>
              `<details class="faq__item"><summary class="faq__summary"><h3 class="faq__question">${item.content}</h3></summary>` +
              `<div class="faq__answer rich-text">${item.answer}</div></details>`,
          )
          .join('') +
        '</div>',
    );
    // Closed at first, and nothing hides an answer from a browser without script: no button, no `hidden`.
    expect(html).not.toMatch(/<button|hidden|\sopen/);
  });
});

describe('quote', () => {
  it('renders a figure with the quotation and its author', () => {
    expect(renderModule(fixtures.quote)).toContain(
      '<figure class="quote"><p class="quote__preline">Aus unserem Publikum</p><blockquote class="quote__text">' +
        '<p>Seit ich Mitglied bin, gehe ich nicht mehr nur ins Konzert – ich gehöre dazu.</p></blockquote>' +
        '<figcaption class="quote__author">Gisela M., Mitglied seit 2009</figcaption></figure>',
    );
  });
});

describe('full teaser', () => {
  it('renders image, preline, h2, text and a button described by the headline', () => {
    const html = renderModule(fixtures.full_teaser);
    expect(html).toContain('<article class="full-teaser full-teaser--image-left">');
    const headlineId = attribute(tagWith(html, 'full-teaser__headline'), 'id');
    expect(html).toContain(`<h2 class="full-teaser__headline" id="${headlineId}">Kammermusik in der Region</h2>`);
    expect(tagWith(html, 'class="button"')).toContain(`aria-describedby="${headlineId}"`);
    expect(attributes(html, 'alt')).toContain('Ein Streichquartett in einer Dorfkirche');
    expect(html.indexOf('full-teaser__media')).toBeLessThan(html.indexOf('full-teaser__body'));
  });

  it('links the headline when there is no link text, and works without image', () => {
    const html = renderModule({ ...fixtures.full_teaser, image: null, link_text: '', extra_class: 'default' });
    expect(html).toContain('<h2 class="full-teaser__headline" id="');
    expect(html).toContain('<a href="/de/konzertorte">Kammermusik in der Region</a></h2>');
    expect(html).not.toContain('full-teaser__media');
    expect(html).not.toContain('class="button"');
  });
});

describe('teaser list', () => {
  it.each(['grid', 'standard'] as const)('renders the %s variant as a list of h3 teasers', (variant) => {
    const html = renderModule({ ...fixtures.teaser_list, extra_class: variant });
    expect(html).toContain(`<ul class="teaser-list teaser-list--${variant}">`);
    // Each teaser enters in turn when revealed (staged delays of docs/product.md, Constants; ADR 014).
    expect(html.match(/<li class="teaser-list__item stagger" style="--stagger-delay:0\.(32|41)s">/g)).toHaveLength(2);
    expect(html).toMatch(/<h3 class="teaser__headline" id="[^"]+">Über uns<\/h3>/);
    // Without link text, the headline itself is the link.
    expect(html).toMatch(/<h3 class="teaser__headline" id="[^"]+"><a href="\/de\/faq">Häufige Fragen<\/a><\/h3>/);
    expect(html).not.toContain('aria-roledescription');
  });

  it('renders the slider as a carousel with labelled slides and controls, never autoplaying', () => {
    const html = renderModule({ ...fixtures.teaser_list, extra_class: 'default_slider' });
    const carousel = tagWith(html, 'aria-roledescription="Karussell"');
    // Named groups, not landmarks: a page may hold several carousels of one name (ADR 075).
    expect(carousel).toContain('role="group"');
    expect(carousel).toContain('aria-label="Empfehlungen"');
    const viewportId = attribute(tagWith(html, 'carousel__viewport'), 'id');
    expect(tagWith(html, 'carousel__viewport')).toContain('tabindex="0"');
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(2);
    buttons.forEach((button) => expect(button).toContain(`aria-controls="${viewportId}"`));
    expect(buttons[0]).toContain('aria-disabled="true"');
    expect(html).toContain('<span class="visually-hidden">Vorheriges Element</span>');
    expect(html).toContain('<span class="visually-hidden">Nächstes Element</span>');
    expect(html).toContain('role="group" aria-roledescription="Folie" aria-label="1 von 2"');
    expect(html).toContain('aria-label="2 von 2"');
    expect(renderModule({ ...fixtures.teaser_list, extra_class: 'default_slider' }, 'en')).toContain(
      'aria-roledescription="slide" aria-label="1 of 2"',
    );
  });
});

describe('image list', () => {
  it('renders a grid of figures with title, description and links', () => {
    const html = renderModule(fixtures.image_list);
    expect(html).toContain('<ul class="image-list image-list--grid">');
    expect(html).toContain('<span class="image-list__title">Impression</span>');
    expect(html).toContain('<span class="image-list__description">Saison 2025/26</span>');
    expect(html).toContain('<a class="image-list__link" href="/de/konzertorte">');
    expect(attributes(html, 'alt')).toEqual(expect.arrayContaining(['Publikum im Saal', 'Die Stadtkirche']));
  });

  it('renders the slider variant as a carousel', () => {
    const html = renderModule({ ...fixtures.image_list, extra_class: 'slider' });
    expect(tagWith(html, 'aria-roledescription="Karussell"')).toContain('aria-label="Bildergalerie"');
    expect(html).not.toContain('image-list--grid');
  });
});

describe('logo list', () => {
  it('renders logos with their alt text, link, text and credit', () => {
    const html = renderModule(fixtures.logo_list);
    expect(html.match(/<li class="logo-list__item">/g)).toHaveLength(2);
    expect(attributes(html, 'alt')).toEqual(expect.arrayContaining(['Stiftung Musikleben', 'Musikschule Freiburg']));
    expect(html).toContain('<a href="https://www.example.org/stiftung" class="logo-list__link">');
    expect(html).toContain('Förderer seit 2010');
    expect(html).toContain('<small class="media-figure__credit">© Musikschule</small>');
    expect(html).toContain('object-fit:contain');
  });
});

describe('embeds', () => {
  it.each(embedTypes)('%s renders a consent placeholder and loads nothing from the provider', (type) => {
    const html = renderModule(fixtures[type]);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('embed--placeholder');
    // Every resource the markup would fetch is our own.
    const fetched = [
      ...['src', 'data-src'].flatMap((name) => attributes(html, name)),
      ...['srcset', 'data-srcset'].flatMap((name) =>
        attributes(html, name).flatMap((set) => set.split(',').map((entry) => entry.trim().split(' ')[0])),
      ),
    ];
    fetched.forEach((url) => expect(url).toMatch(/^(\/media\/|data:)/));
    // Videos show their preview still, from our server.
    if (type === 'video' || type === 'video_list') expect(fetched.some((url) => url.startsWith('/media/'))).toBe(true);

    // Two clicks: load this one (described by what it transfers), or allow media for good (described by its reach).
    const button = tagWith(html, 'embed__load');
    expect(button).not.toContain('aria-disabled');
    expect(idExists(html, attribute(button, 'aria-describedby'))).toBe(true);
    const allow = tagWith(html, 'embed__allow');
    expect(tagWith(html, `id="${attribute(allow, 'aria-describedby')}"`)).toContain('embed__hint');
    expect(html).toContain('lädt alle eingebetteten Videos, Audio-Inhalte und Beiträge dieser Website');
    expect(html).toContain('>Inhalt laden</button>');
    expect(html).toContain('>Medien immer erlauben</button>');
  });

  it('names the provider from the host table and what loading would transfer', () => {
    const cases = [
      ['video', 'YouTube'],
      ['audio', 'Spotify'],
      ['viewer', 'Issuu'],
      ['social_media', 'Instagram'],
    ] as const;
    for (const [type, provider] of cases) {
      const html = renderModule(fixtures[type]);
      expect(html).toContain(`<p class="embed__provider">${provider}</p>`);
      expect(html).toContain(`Beim Laden dieses Inhalts werden Daten an ${provider} übertragen.`);
    }
    expect(renderModule(fixtures.video, 'en')).toContain('Loading this content transfers data to YouTube.');
    expect(renderModule(fixtures.video, 'en')).toContain('>Load content</button>');
  });

  it('shows the video title, length and our own preview image', () => {
    const html = renderModule(fixtures.video);
    expect(html).toContain('<p class="embed__title">Probenbesuch beim Sinfonieorchester</p>');
    expect(html).toContain('<p class="embed__details">Dauer: 4:12</p>');
    expect(html).toContain('/media/12/960.webp 960w');
  });

  it('renders one placeholder per video of a video list', () => {
    const html = renderModule(fixtures.video_list);
    expect(html.match(/embed--placeholder/g)).toHaveLength(2);
    expect(html).toContain('<p class="embed__provider">Vimeo</p>');
    expect(html).toContain('<p class="embed__details">Nach dem Klavierabend im Foyer</p>');
  });

  it('links to the content at the provider without sending our address', () => {
    const html = renderModule(fixtures.viewer);
    expect(html).toContain(
      '<a href="https://issuu.com/konzertfreunde/docs/saisonheft-2026-27" rel="noopener noreferrer">Bei Issuu öffnen</a>',
    );
  });

  it('renders a notice instead of a player for a host that is not allowed, even with consent', () => {
    const video = { ...fixtures.video, video_url: 'https://videos.example.com/watch?v=123' };
    const audio = {
      ...fixtures.audio,
      embed: '<iframe src="http://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy">',
    };
    for (const module of [video, audio]) {
      const html = renderModule(module);
      expect(html).toContain('embed--blocked');
      expect(html).toContain('nicht freigegebenen Quelle');
      expect(html).not.toContain('<iframe');
      expect(html).not.toContain('<a ');
      expect(html).not.toContain('<button');
    }
    const consented = render(<EmbedView kind="video" embed={video.video_url} loaded />);
    expect(consented).not.toContain('<iframe');
    expect(consented).toContain('embed--blocked');
  });
});

describe('EmbedPlaceholder', () => {
  it('renders the placeholder, not the player, before the visitor has chosen', () => {
    const html = render(<EmbedPlaceholder kind="audio" embed={fixtures.audio.embed} />);
    expect(html).toContain('embed--placeholder');
    expect(html).not.toContain('<iframe');
  });

  it('loads YouTube through its no-cookie domain once loaded', () => {
    const html = render(
      <EmbedView kind="video" embed={fixtures.video.video_url} title={fixtures.video.title} loaded />,
    );
    const iframe = tagWith(html, '<iframe');
    expect(iframe).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(iframe).toContain('title="Probenbesuch beim Sinfonieorchester"');
    expect(iframe).toContain('loading="lazy"');
    expect(iframe).not.toContain('autoplay');
    expect(html).not.toContain('embed__load');
  });

  it('loads Vimeo, Spotify and pasted embed code from their player addresses once loaded', () => {
    const cases = [
      ['videoList', 'https://vimeo.com/123456789', 'https://player.vimeo.com/video/123456789'],
      ['audio', fixtures.audio.embed, 'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy'],
      [
        'audio',
        '<iframe width="100%" height="166" scrolling="no" src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293&amp;color=%23ff5500"></iframe>',
        'https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293&amp;visual=false',
      ],
    ] as const;
    for (const [kind, embed, src] of cases) {
      const html = render(<EmbedView kind={kind} embed={embed} loaded />);
      expect(attribute(tagWith(html, '<iframe'), 'src')).toBe(src);
    }
  });

  it('names an untitled frame after its provider', () => {
    const html = render(<EmbedView kind="social" embed={fixtures.social_media.embed} loaded />);
    expect(tagWith(html, '<iframe')).toContain('title="Inhalt von Instagram"');
  });

  it('explains when an allowed address cannot be embedded', () => {
    const html = render(<EmbedView kind="video" embed="https://www.youtube.com/@konzertfreunde" loaded />);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<button');
    expect(html).toContain('Dieser Inhalt lässt sich hier nicht einbetten.');
  });
});

describe('ContainerRenderer', () => {
  const container: Container = {
    id: 31,
    slug: 'ueber-uns-intro',
    parent: 'page-3-de',
    content_type: 'page',
    object_id: 3,
    locale: 'de',
    layout: 1,
    version: 1,
    model: 'container',
    columns: [
      { classes: 'col-12 col-lg-8', children: [fixtures.headline, fixtures.text] },
      { classes: 'col-12 col-lg-4', children: [fixtures.image] },
    ],
  };

  it('renders a section named by its slug and layout with one grid column per data column', () => {
    const html = render(<ContainerRenderer container={container} />);
    expect(
      html.startsWith('<section id="ueber-uns-intro" class="container-section layout-67-33"><div class="row">'),
    ).toBe(true);
    expect(html).toContain('<div class="col-12 col-lg-8"><div class="module module--headline"');
    expect(html).toContain('<div class="col-12 col-lg-4"><div class="module module--image"');
    expect(html.indexOf('data-module-type="headline"')).toBeLessThan(html.indexOf('data-module-type="text"'));
  });

  it('asks for images no wider than their column', () => {
    const html = render(<ContainerRenderer container={container} />);
    // The image sits in a third of the content width: at most 480 px on the widest screens.
    expect(html).toContain('sizes="(min-width: 100em) 480px, (min-width: 64em) 34vw, 100vw"');
  });

  it.each([
    [0, 'layout-100'],
    [4, 'layout-33-33-33'],
    [5, 'layout-25-50-25'],
  ])('names layout %i %s', (layout, name) => {
    expect(render(<ContainerRenderer container={{ ...container, layout }} />)).toContain(
      `class="container-section ${name}"`,
    );
  });
});

describe('stored links that break the link rule (ADR 026)', () => {
  // Values written before the rule existed, or straight into the database: none may become a live href.
  const unsafe = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', '/\\evil.example/x'];
  const withLink = (link: string): Module[] => [
    { ...fixtures.link, link, link_url: '' },
    // The fallback address is used only while a picked target has no address (ADR 062).
    { ...fixtures.link, link: 'page:12', link_url: link },
    { ...fixtures.image, link },
    { ...fixtures.full_teaser, link },
    { ...fixtures.full_teaser, link, link_text: '' },
    { ...fixtures.teaser_list, children: fixtures.teaser_list.children.map((item) => ({ ...item, link })) },
    { ...fixtures.teaser_list, children: fixtures.teaser_list.children.map((item) => ({ ...item, link, link_text: '' })) },
    { ...fixtures.image_list, children: fixtures.image_list.children.map((item) => ({ ...item, link })) },
    { ...fixtures.logo_list, children: fixtures.logo_list.children.map((item) => ({ ...item, link })) },
  ];

  it.each(unsafe.map((link) => [JSON.stringify(link), link]))('renders %s in every module link field without an href', (_label, link) => {
    for (const module of withLink(link)) {
      const html = renderModule(module);
      expect(html).not.toMatch(/href="\s*(?:java|data|vbscript)/i);
      expect(html).not.toContain('evil.example');
      // Nothing of it is a link at all (the modules keep their text).
      expect(html.match(/<a [^>]*>/g) ?? []).toEqual([]);
    }
  });

  it('still renders good links of the same modules as anchors', () => {
    for (const module of withLink('https://www.example.org/')) {
      expect(renderModule(module)).toContain('href="https://www.example.org/"');
    }
  });
});

describe('next concerts', () => {
  const concert = (id: number, start: string) =>
    ({
      id,
      locale: 'de',
      slug: `konzert-${id}`,
      url: `/de/programm/konzert-${id}/${id}`,
      urls: { de: `/de/programm/konzert-${id}/${id}`, en: `/en/events/concert-${id}/${id}` },
      title: `Konzert ${id}`,
      subtitle: '',
      start,
      end: null,
      status: 'scheduled',
      postponed_to: null,
      venue: null,
      performers: [],
      works: [],
      image: null,
      ticket_url: '',
      price_categories: [],
      subscriptions: [],
      is_online: true,
      created_at: '',
      updated_at: '',
    }) as Event;
  const upcoming = [concert(1, '2030-01-10T18:30:00.000Z'), concert(2, '2030-01-17T18:30:00.000Z'), concert(3, '2030-02-01T18:30:00.000Z')];

  it('prebuilds as many of the page’s upcoming concerts as set, under an h2, with the cards as h3 and a way to the programme', () => {
    const html = render(
      <PrebuiltUpcomingEvents events={upcoming}>
        <ModuleRenderer module={fixtures.next_concerts} />
      </PrebuiltUpcomingEvents>,
    );
    expect(html).toContain('<h2 class="next-concerts__headline">Nächste Konzerte</h2>');
    expect(attributes(html, 'data-event-id')).toEqual(['1', '2']);
    expect(html).toContain('<h3 class="event-card__title">');
    expect(attributes(html, 'href')).toContain('/de/programm');
  });

  it('takes the editor’s headline and speaks English under /en', () => {
    const html = render(
      <PrebuiltUpcomingEvents events={upcoming}>
        <ModuleRenderer module={{ ...fixtures.next_concerts, headline: 'Bald im Saal', count: 3 }} />
      </PrebuiltUpcomingEvents>,
      'en',
    );
    expect(html).toContain('>Bald im Saal</h2>');
    expect(attributes(html, 'data-event-id')).toEqual(['1', '2', '3']);
    expect(html).toContain('The whole programme');
    expect(attributes(html, 'href')).toContain('/en/events');
  });

  it('says the list is loading where no page prebuilt it, and that none are announced when there are none', () => {
    expect(renderModule(fixtures.next_concerts)).toContain('Termine werden geladen');
    const none = render(
      <PrebuiltUpcomingEvents events={[]}>
        <ModuleRenderer module={fixtures.next_concerts} />
      </PrebuiltUpcomingEvents>,
    );
    expect(none).toContain('Die nächsten Konzerte werden in Kürze bekannt gegeben.');
  });
});
