import { Link } from 'gatsby';
import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useFormToken } from '../../lib/hooks/use-form-token';
import type { Locale } from '../../../contract/locales';
import { postJson, unreachable } from '../../lib/api-client';
import { routePath } from '../../lib/route-path';
import { failureKey, type TokenAction } from './token-rules';

export type { TokenAction } from './token-rules';

type State = { phase: 'loading' } | { phase: 'missing' } | { phase: 'ready'; token: string } | { phase: 'working' } | { phase: 'done' } | { phase: 'failed'; key: string };

/**
 * The page behind a link from a mail (`?token=…`). Confirming starts by itself (once the form token allows); unsubscribing waits for a click,
 * so a mail scanner that opens links cannot unsubscribe anybody. The outcome takes the focus.
 */
export function TokenActionView({ action, locale }: { action: TokenAction; locale: Locale }) {
  const { t } = useTranslation('newsletter');
  const [state, setState] = useState<State>({ phase: 'loading' });
  const resultRef = useRef<HTMLDivElement>(null);

  const formToken = useFormToken(locale);

  const run = async (token: string) => {
    setState({ phase: 'working' });
    // Like every public write, the token waits out the form token's minimum time (a few seconds from opening).
    const proof = await formToken.ready().catch(() => undefined);
    const result = proof === undefined ? unreachable : await postJson(`/${locale}/api/newsletter/${action}/`, { token, form_token: proof });
    setState(result.ok ? { phase: 'done' } : { phase: 'failed', key: failureKey(action, result) });
  };

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) setState({ phase: 'missing' });
    else if (action === 'confirm') void run(token);
    else setState({ phase: 'ready', token });
    // Once per page view: the token comes from the address the visitor opened.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (state.phase === 'done' || state.phase === 'failed' || state.phase === 'missing') resultRef.current?.focus();
  }, [state.phase]);

  const outcome =
    state.phase === 'done'
      ? { className: 'newsletter-result--success', text: t(action === 'confirm' ? 'confirmDone' : 'unsubscribeDone') }
      : state.phase === 'failed'
        ? { className: 'newsletter-result--error', text: t(state.key) }
        : state.phase === 'missing'
          ? { className: 'newsletter-result--error', text: t(action === 'confirm' ? 'confirmMissing' : 'unsubscribeMissing') }
          : undefined;

  return (
    <div className="newsletter-token">
      {action === 'unsubscribe' && (state.phase === 'loading' || state.phase === 'ready') && <p>{t('unsubscribeQuestion')}</p>}
      {state.phase === 'ready' && (
        <button type="button" className="button" onClick={() => void run(state.token)}>
          {t('unsubscribeButton')}
        </button>
      )}
      {((action === 'confirm' && state.phase === 'loading') || state.phase === 'working') && (
        <p role="status">{t(action === 'confirm' ? 'confirmWorking' : 'unsubscribeWorking')}</p>
      )}
      {outcome && (
        <div ref={resultRef} tabIndex={-1} role={state.phase === 'done' ? 'status' : 'alert'} className={`newsletter-result ${outcome.className}`}>
          <p>{outcome.text}</p>
          {state.phase !== 'done' || action === 'unsubscribe' ? (
            <p>
              <Link to={routePath('newsletter', locale)}>{t('backToSignup')}</Link>
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
