import { Link, navigate } from 'gatsby';
import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { AdState } from '../../../contract/schemas/exchange';
import type { Locale } from '../../../contract/locales';
import { postJson, type PostResult } from '../../lib/api-client';
import { routePath } from '../../lib/route-path';
import { eventParam, exchangeApi } from './exchange-api';

type Failure = 'missing' | 'gone' | 'invalid' | 'tooMany' | 'unavailable';

const failureOf = (result: PostResult<AdState>): Failure =>
  result.status === 410 ? 'gone' : result.status === 400 ? 'invalid' : result.status === 429 ? 'tooMany' : 'unavailable';

/**
 * Posts a link's token at once: the token from the mail is the proof of a person, so no form token is fetched or
 * waited for (ADR 074).
 */
const sendToken = (url: string, token: string): Promise<PostResult<AdState>> => postJson<AdState>(url, { token });

const tokenParam = () => new URLSearchParams(window.location.search).get('token') ?? '';

/** Where to go from a link that did not work: the exchange, and placing a new ad. */
function OnwardLinks({ locale }: { locale: Locale }) {
  const { t } = useTranslation('exchange');
  return (
    <p className="exchange-onward">
      <Link className="link-arrow" to={routePath('ticketexchange', locale)}>
        {t('toList')}
      </Link>{' '}
      <Link className="link-arrow" to={routePath('ticketexchange-create', locale)}>
        {t('placeAnother')}
      </Link>
    </p>
  );
}

function FailureNote({ locale, failure, action }: { locale: Locale; failure: Failure; action: 'confirm' | 'withdraw' }) {
  const { t } = useTranslation('exchange');
  return (
    <div className="exchange-notice exchange-notice--error" role="alert">
      <p>{t(`${action}${failure.charAt(0).toUpperCase()}${failure.slice(1)}`)}</p>
      <OnwardLinks locale={locale} />
    </div>
  );
}

/**
 * `…/anzeige-bestaetigen?token=…`: posts the token from the mail's link as soon as the page runs and goes on to
 * `…/anzeige-bestaetigen/erfolgreich`. A link that does not work says why (used, lapsed, withdrawn, mistyped).
 */
export function ConfirmAd({ locale }: { locale: Locale }) {
  const { t } = useTranslation('exchange');
  const [failure, setFailure] = useState<Failure | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A link works once: never post it twice, whatever React does with effects.
    if (started.current) return;
    started.current = true;
    const token = tokenParam();
    if (!token) {
      setFailure('missing');
      return;
    }
    void sendToken(`${exchangeApi(locale)}/ads/confirm/`, token).then((result) => {
      if (result.ok) void navigate(`${routePath('ticketexchange-confirmed', locale)}?event=${result.data.event.id}`, { replace: true });
      else setFailure(failureOf(result));
    });
  }, [locale]);

  if (failure) return <FailureNote locale={locale} failure={failure} action="confirm" />;
  return (
    <p className="exchange-notice" role="status">
      {t('confirmWorking')}
    </p>
  );
}

/** `…/anzeige-bestaetigen/erfolgreich`: the ad is live; a link to it among the others of its concert. */
export function AdConfirmed({ locale }: { locale: Locale }) {
  const { t } = useTranslation('exchange');
  const [event, setEvent] = useState<number | undefined>(undefined);
  useEffect(() => setEvent(eventParam(window.location.search)), []);
  return (
    <div className="exchange-notice exchange-notice--success">
      <p>{t('confirmedText')}</p>
      <p className="exchange-onward">
        <Link className="button" to={`${routePath('ticketexchange', locale)}${event ? `?event=${event}` : ''}`}>
          {t(event ? 'toListForEvent' : 'toList')}
        </Link>
      </p>
      <p>{t('confirmedWithdrawHint')}</p>
    </div>
  );
}

/**
 * `…/anzeige-zurueckziehen?token=…`: withdraws the ad after a click, not on load, since mail scanners open
 * links (and some run their scripts) before the recipient does.
 */
export function WithdrawAd({ locale }: { locale: Locale }) {
  const { t } = useTranslation('exchange');
  const [state, setState] = useState<'ready' | 'working' | 'done' | Failure>('ready');
  const [token, setToken] = useState('');
  useEffect(() => {
    const found = tokenParam();
    setToken(found);
    if (!found) setState('missing');
  }, []);

  const withdraw = async () => {
    setState('working');
    const result = await sendToken(`${exchangeApi(locale)}/ads/withdraw/`, token);
    setState(result.ok ? 'done' : failureOf(result));
  };

  if (state === 'done') {
    return (
      <div className="exchange-notice exchange-notice--success" role="status" tabIndex={-1} ref={(node) => node?.focus()}>
        <p>{t('withdrawDone')}</p>
        <OnwardLinks locale={locale} />
      </div>
    );
  }
  if (state !== 'ready' && state !== 'working') return <FailureNote locale={locale} failure={state} action="withdraw" />;
  return (
    <div className="exchange-notice">
      <p>{t('withdrawQuestion')}</p>
      <button type="button" className="button" onClick={() => void withdraw()} disabled={state === 'working' || !token}>
        {state === 'working' ? t('withdrawWorking') : t('withdrawButton')}
      </button>
    </div>
  );
}
