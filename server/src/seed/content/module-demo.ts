import { layoutColumns, layouts, moduleTypes, type ModuleType } from '../../../../contract/schemas/content';
import { image, t, type ContainerSpec, type ModuleSpec, type PageSpec } from '../bilingual';

/** One example of every module type; `variant` (the layout index) varies the styles between containers. */
function demoModule(type: ModuleType, variant: number): ModuleSpec {
  switch (type) {
    case 'headline':
      return {
        type,
        headline_level: 2 + (variant % 3),
        preline: t('Modul Überschrift', 'Headline module'),
        content: t(`Layout ${layouts[variant]}`, `Layout ${layouts[variant]}`),
        subline: t('Alle fünfzehn Module in einem Container', 'All fifteen modules in one container'),
      };
    case 'text':
      return {
        type,
        show_more: variant % 2 === 1,
        content: t(
          '<p>Das Textmodul kennt <strong>fett</strong>, <em>kursiv</em> und <a href="/de/ueber-uns">Links</a>.</p><ul><li>Aufzählungen</li><li>und nummerierte Listen</li></ul><p>So bleibt der Text gut lesbar – auch in schmalen Spalten.</p>',
          '<p>The text module supports <strong>bold</strong>, <em>italic</em> and <a href="/en/about-us">links</a>.</p><ul><li>bulleted</li><li>and numbered lists</li></ul><p>This keeps text easy to read – even in narrow columns.</p>',
        ),
      };
    case 'link':
      return {
        type,
        content: t('Mitglied werden', 'Become a member'),
        link: t('/de/mitgliedschaft/mitglied-werden', '/en/membership/become-a-member'),
        extra_class: variant % 2 === 0 ? 'button' : 'default',
      };
    case 'image':
      return {
        type,
        image: image(variant % 2 === 0 ? 'orchestra' : 'pianist'),
        alias: variant % 2 === 0 ? 'horizontal' : 'vertical',
        description: t('Bildunterschrift mit Copyright-Hinweis', 'Caption with copyright notice'),
      };
    case 'faq':
      return {
        type,
        items: [
          {
            content: t('Was ist ein FAQ-Modul?', 'What is an FAQ module?'),
            answer: t('<p>Fragen, die sich per Klick öffnen.</p>', '<p>Questions that open on click.</p>'),
          },
          {
            content: t('Wie viele Fragen passen hinein?', 'How many questions fit?'),
            answer: t('<p>So viele, wie Sie brauchen.</p>', '<p>As many as you need.</p>'),
          },
        ],
      };
    case 'video':
      return {
        type,
        video_url: 'https://www.youtube.com/watch?v=kf-demo-0001',
        image: image('conductor'),
        title: t('Probenbesuch beim Sinfonieorchester', 'Rehearsal visit with the symphony orchestra'),
        length: '4:12',
      };
    case 'audio':
      return {
        type,
        embed: 'https://open.spotify.com/album/kfDemoAlbum2026',
        title: t('Hörprobe: Streichquartett Nr. 1', 'Listen: String Quartet No. 1'),
      };
    case 'viewer':
      return {
        type,
        embed: 'https://issuu.com/konzertfreunde/docs/saisonheft-2026-27',
        media_type: 'issuu',
        title: t('Saisonheft 2026/27', 'Season brochure 2026/27'),
      };
    case 'quote':
      return {
        type,
        preline: t('Zitat', 'Quote'),
        content: t('Ohne Musik wäre das Leben ein Irrtum.', 'Without music, life would be a mistake.'),
        author: 'Friedrich Nietzsche',
      };
    case 'full_teaser':
      return {
        type,
        extra_class: (['default', 'image-right', 'image-left'] as const)[variant % 3],
        image: image('string-quartet'),
        preline: t('Großer Teaser', 'Full teaser'),
        headline: t('Kammermusik in der Region', 'Chamber music in the region'),
        text: t(
          'Unsere Kammermusikreihe bringt junge Ensembles in Dorfkirchen, Rathaussäle und Weingüter rund um Freiburg.',
          'Our chamber music series takes young ensembles to village churches, town halls and wineries around Freiburg.',
        ),
        link_text: t('Zu den Konzertorten', 'See the venues'),
        link: t('/de/konzertorte', '/en/venues'),
      };
    case 'teaser_list':
      return {
        type,
        extra_class: (['grid', 'default_slider', 'standard'] as const)[variant % 3],
        children: [
          {
            image: image('foyer'),
            preline: t('Verein', 'Association'),
            headline: t('Über uns', 'About us'),
            subline: '',
            text: t('Geschichte und Vorstand', 'History and board'),
            link_text: t('Weiter', 'More'),
            link: t('/de/ueber-uns', '/en/about-us'),
          },
          {
            image: image('chamber-hall'),
            preline: t('Spielstätten', 'Venues'),
            headline: t('Konzertorte', 'Venues'),
            subline: '',
            text: t('Drei Säle, ein Klang', 'Three halls, one sound'),
            link_text: t('Weiter', 'More'),
            link: t('/de/konzertorte', '/en/venues'),
          },
          {
            image: null,
            preline: t('Service', 'Service'),
            headline: t('Häufige Fragen', 'Frequently asked questions'),
            subline: '',
            text: t('Karten, Garderobe, Barrierefreiheit', 'Tickets, cloakroom, accessibility'),
            link_text: t('Weiter', 'More'),
            link: t('/de/faq', '/en/faq'),
          },
        ],
      };
    case 'image_list':
      return {
        type,
        extra_class: variant % 2 === 0 ? 'grid' : 'slider',
        children: (['orchestra', 'audience', 'church'] as const).map((key) => ({
          image: image(key),
          title: t('Impression', 'Impression'),
          description: t('Aus der Saison 2025/26', 'From the 2025/26 season'),
          link: '',
        })),
      };
    case 'video_list':
      return {
        type,
        children: [
          {
            video_url: 'https://youtu.be/kf-demo-0002',
            title: t('Künstlergespräch', 'Artist talk'),
            content: t('Nach dem Klavierabend im Foyer', 'After the piano recital in the foyer'),
            image: image('pianist'),
            image_url: '',
          },
          {
            video_url: 'https://vimeo.com/123456789',
            title: t('Jugend im Konzert', 'Young people at the concert'),
            content: t('Eine Schulklasse im Großen Saal', 'A school class in the main hall'),
            image: image('audience'),
            image_url: '',
          },
        ],
      };
    case 'social_media':
      return { type, embed: 'https://www.instagram.com/p/KfDemoPost2026/', media_type: 'instagram' };
    case 'logo_list':
      return {
        type,
        children: (['logo-foundation', 'logo-music-school', 'logo-radio'] as const).map((key) => ({
          image: image(key),
          image_alt: '',
          image_copyright: '',
          link: '',
          text: '',
        })),
      };
    case 'next_concerts':
      return { type, headline: '', count: 3 };
  }
}

/** Six containers, one per layout, each holding every module type spread round-robin over its columns. */
const containers: ContainerSpec[] = layouts.map((layout, index) => ({
  slug: t(`demo-layout-${layout}`, `demo-layout-${layout}-en`),
  layout: index,
  modules: moduleTypes.map((type, i) => ({ ...demoModule(type, index), column: i % layoutColumns[index].length })),
}));

export const moduleDemo: PageSpec = {
  key: 'module-demo',
  parent: 'home',
  slug: t('modul-demo', 'module-demo'),
  title: t('Modul-Demo', 'Module demo'),
  headline: t('Alle Module in allen Layouts', 'Every module in every layout'),
  meta_description: t(
    'Eine Vorführseite mit jedem Inhaltsmodul in jedem Container-Layout.',
    'A showcase page with every content module in every container layout.',
  ),
  og_image: 'score',
  containers,
};
