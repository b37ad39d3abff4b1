import { Link } from 'gatsby';
import React, { type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { safeHref } from '../../../contract/link-rule';

export const isExternal = (url: string) => /^(https?:)?\/\//i.test(url) || /^(mailto|tel):/i.test(url);

interface Props {
  to: string;
  children: ReactNode;
  className?: string;
  newWindow?: boolean;
  onClick?: () => void;
  'aria-current'?: 'page';
}

/** Internal paths go through Gatsby's router; other links are plain anchors, in a new tab only when asked. */
export function SmartLink({ to, children, className, newWindow, onClick, ...rest }: Props) {
  const { t } = useTranslation();
  // Checked again here (ADR 026): a stored value from before the link rule renders as plain text, never an href.
  if (safeHref(to) === undefined) return <span className={className}>{children}</span>;
  if (!isExternal(to)) {
    return (
      <Link to={to} className={className} onClick={onClick} aria-current={rest['aria-current']}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={to}
      className={className}
      onClick={onClick}
      {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {newWindow && <span className="visually-hidden"> {t('opensInNewWindow')}</span>}
    </a>
  );
}
