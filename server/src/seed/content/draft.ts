import { t, type PageSpec } from '../bilingual';

/** A page that is not online yet: visitors get 404, staff can preview it. */
export const draft: PageSpec = {
  key: 'season-draft',
  parent: 'home',
  slug: t('saison-2028-entwurf', 'season-2028-draft'),
  title: t('Saison 2027/28 (Entwurf)', 'Season 2027/28 (draft)'),
  headline: t('Vorschau auf die Saison 2027/28', 'A preview of the 2027/28 season'),
  meta_description: t('Entwurf – noch nicht veröffentlicht.', 'Draft – not published yet.'),
  is_online: false,
  containers: [
    {
      slug: t('saison-2028-entwurf-text', 'season-2028-draft-text'),
      layout: 0,
      modules: [
        {
          type: 'text',
          content: t(
            '<p>Die neue Saison steht im Zeichen unseres 40-jährigen Bestehens. Das vollständige Programm veröffentlichen wir im Juni – bis dahin bleibt diese Seite ein Entwurf.</p>',
            '<p>The new season celebrates our 40th anniversary. We will publish the full programme in June – until then this page remains a draft.</p>',
          ),
        },
      ],
    },
  ],
};
