import path from 'node:path';
import type { BuildArgs } from 'gatsby';
import type { Locale } from '../contract/locales';
import { readBuildConfig } from './build-config';
import { writeIfChanged } from './write-if-changed';
import { type BuiltPage, robotsTxt, type SitemapSources, sitemapEntries, sitemapXml } from './sitemap';

interface CategoryNode {
  kf_id: number;
  slugs?: Partial<Record<Locale, string>>;
}

/**
 * Writes `public/sitemap.xml` and `public/robots.txt` at the end of every build. It walks Gatsby's page list and
 * looks nodes up by id, no GraphQL query, and leaves a file alone when its content is unchanged, so an
 * incremental rebuild neither pays much for it nor touches the files (ADR 007, ADR 025).
 */
export const writeSeoFiles = async ({ store, getNode, getNodesByType, reporter }: BuildArgs): Promise<void> => {
  const { pages, program } = store.getState() as { pages: Map<string, BuiltPage>; program: { directory: string } };
  const { siteUrl, deploy } = readBuildConfig();
  const categories = new Map((getNodesByType('KfArticleCategory') as unknown as CategoryNode[]).map((node) => [node.kf_id, node.slugs]));
  const entries = sitemapEntries(pages.values(), {
    record: (id) => getNode(id) as ReturnType<SitemapSources['record']>,
    categorySlugs: (kfId) => categories.get(kfId),
  });
  const publicDir = path.join(program.directory, 'public');
  await writeIfChanged(path.join(publicDir, 'sitemap.xml'), sitemapXml(siteUrl, entries));
  await writeIfChanged(path.join(publicDir, 'robots.txt'), robotsTxt(siteUrl, deploy.indexable));
  reporter.info(`sitemap.xml: ${entries.length} pages${deploy.indexable ? '' : `; robots.txt closes this ${deploy.context} build to crawlers`}`);
};

