import { Link } from 'gatsby';
import React, { type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { safeHref } from '../../../contract/link-rule';

interface Props {
  href: string;
  children: ReactNode;
  className?: string;
  /** The editor's "open in new window"; honoured for external web links only. */
  newWindow?: boolean;
  'aria-describedby'?: string;
}

/**
 * Site paths go through Gatsby's router (prefetching, no reload). Files under a path (`/media/7/original.jpg`)
 * are not pages, so they stay plain anchors like every other URL (`https:`, `mailto:`, `#anchor`), which
 * Gatsby's Link would otherwise resolve against the site root.
 */
export const isSitePath = (href: string) =>
  href.startsWith('/') && !href.startsWith('//') && !/\.[a-z0-9]{2,5}$/i.test(href.split(/[?#]/)[0]);

const isWebUrl = (href: string) => /^https?:\/\//i.test(href);

/** A link from content data, with the new-window rules of docs/product.md, Module rules. */
export function ModuleLink({ href, children, className, newWindow = false, ...aria }: Props) {
  const { t } = useTranslation('modules');
  // Checked again here (ADR 026): a stored value from before the link rule renders as plain text, never an href.
  if (safeHref(href) === undefined) {
    return (
      <span className={className} {...aria}>
        {children}
      </span>
    );
  }
  if (isSitePath(href)) {
    return (
      <Link to={href} className={className} {...aria}>
        {children}
      </Link>
    );
  }
  const blank = newWindow && isWebUrl(href);
  return (
    <a href={href} className={className} {...(blank ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...aria}>
      {children}
      {blank && <span className="visually-hidden"> {t('opensInNewWindow')}</span>}
    </a>
  );
}
