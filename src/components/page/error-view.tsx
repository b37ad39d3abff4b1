import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { type Locale, routeTo } from '../../../contract/locales';

const messageKey = (status: number) => (status === 404 ? 'error404' : status === 500 ? 'error500' : 'errorOther');

/** The error page (docs/product.md, Error texts): "Fehler {status}", its message and a way back to the start page. */
export function ErrorView({ status, locale }: { status: number; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="error-view" aria-labelledby="error-title">
      <h1 id="error-title">{t('errorTitle', { status })}</h1>
      <p className="error-view__message">{t(messageKey(status))}</p>
      <Link to={routeTo('index', locale)} className="button">
        {t('errorBackHome')}
      </Link>
    </section>
  );
}
