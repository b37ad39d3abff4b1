import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Locale } from '../../../contract/locales';
import { ResponsiveImage } from '../media/responsive-image';
import type { ArticleCardData } from './article-data';
import { formatPublishedOn } from './published-date';

interface Props {
  article: ArticleCardData;
  locale: Locale;
  /** A main teaser: a larger card with a larger image. */
  large?: boolean;
  /** The list's first card: at the top of the page, its image is loaded at once (the page's largest paint). */
  first?: boolean;
}

/**
 * One article of the magazine list, in the look of the site's teasers (modules.css). Its title is an h2 below
 * the page's h1 and the card's one link; the link covers the whole card (CSS), so the category is plain text
 * here and a link only on the article's page.
 */
export function ArticleCard({ article, locale, large = false, first = false }: Props) {
  const { t } = useTranslation('magazine');
  return (
    <article className={`teaser article-card${large ? ' article-card--large' : ''}`}>
      {article.image && (
        <div className="article-card__media">
          <ResponsiveImage
            media={article.image}
            width={large ? 960 : 640}
            aspectRatio={3 / 2}
            crop="teaser"
            layout="fullWidth"
            loading={first ? 'eager' : 'lazy'}
            sizes={large ? '(min-width: 64em) 60vw, 100vw' : '(min-width: 64em) 33vw, (min-width: 48em) 50vw, 100vw'}
          />
        </div>
      )}
      <div className="teaser__body article-card__body">
        <p className="article-card__meta">
          <span className="article-card__category">{article.category.name}</span>
          <time className="article-card__date" dateTime={article.published_on}>
            {formatPublishedOn(article.published_on, locale)}
          </time>
        </p>
        <h2 className="teaser__headline article-card__title">
          <Link to={article.url} className="article-card__link">
            {article.title}
          </Link>
        </h2>
        {article.teaser && <p className="teaser__text">{article.teaser}</p>}
        <p className="teaser__action article-card__more" aria-hidden="true">
          {t('readMore')}
        </p>
      </div>
    </article>
  );
}
