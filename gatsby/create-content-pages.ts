import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { defaultLocale, locales } from '../src/lib/locales';

const templates = {
  home: path.resolve(__dirname, '../src/templates/home-page.tsx'),
  content: path.resolve(__dirname, '../src/templates/content-page.tsx'),
};

interface PageRow {
  id: string;
  path: string;
  locale: string;
  content_type: string;
}

/**
 * One Gatsby page per online content page and language. The context carries ids only; the i18n block tells
 * gatsby-plugin-react-i18next that the page is already localised, so it leaves it alone.
 */
export async function createContentPages({ graphql, actions, reporter }: CreatePagesArgs): Promise<void> {
  const result = await graphql<{ allKfPage: { nodes: PageRow[] } }>(`
    query ContentPagesToCreate {
      allKfPage(filter: { is_online: { eq: true } }) {
        nodes {
          id
          path
          locale
          content_type
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not query content pages', result.errors);
    return;
  }
  for (const page of result.data.allKfPage.nodes) {
    const originalPath = page.path.replace(new RegExp(`^/${page.locale}`), '') || '/';
    actions.createPage({
      path: page.path,
      component: page.content_type === 'home' ? templates.home : templates.content,
      context: {
        id: page.id,
        language: page.locale,
        i18n: {
          language: page.locale,
          languages: [...locales],
          defaultLanguage: defaultLocale,
          generateDefaultLanguagePage: true,
          routed: true,
          originalPath,
          path: page.path,
        },
      },
    });
  }
}
