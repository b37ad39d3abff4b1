/**
 * Approving and withdrawing a ticket ad (POST `{id}/approve/`, `{id}/withdraw/`), from the list and the ad's page:
 * the buttons an ad's status allows, the news of a success for the live region, the server's reason for a refusal
 * (409, e.g. the placer confirmed or withdrew it meanwhile).
 */
import React, { useCallback, useState } from 'react';
import { useHub } from '../hub-context';
import { sectionsApi, type TicketAd, type TicketAdAction } from '../sections-api';
import { texts } from '../texts';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';

/** Which actions an ad in this status can take, in the order the buttons show. */
export const adActionsFor = (status: string): TicketAdAction[] =>
  status === 'pending' ? ['approve', 'withdraw'] : status === 'confirmed' ? ['withdraw'] : [];

export function useAdActions(onDone: (ad: TicketAd) => void) {
  const { sessionEnded } = useHub();
  const [busy, setBusy] = useState<number>();
  const [ok, setOk] = useState<string>();
  const [error, setError] = useState<string>();
  const run = useCallback(
    async (id: number, action: TicketAdAction) => {
      setBusy(id);
      setOk(undefined);
      setError(undefined);
      const result = await sectionsApi.ticketAds.act(id, action);
      setBusy(undefined);
      if (result.ok) {
        setOk(action === 'approve' ? texts.approved(id) : texts.withdrawnDone(id));
        onDone(result.data);
      } else if (result.status === 401) sessionEnded();
      else setError(texts.actionRefused(refusalText(result, hubLanguage())));
    },
    [onDone, sessionEnded],
  );
  return { busy, ok, error, run };
}

export function AdActionButtons({ id, status, busy, run }: { id: number; status: string; busy: boolean; run: (id: number, action: TicketAdAction) => void }) {
  const actions = adActionsFor(status);
  if (!actions.length) return <>{texts.none}</>;
  return (
    <div className="kfh-row-actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`kfe-button kfe-button--small${action === 'withdraw' ? ' kfe-button--secondary' : ''}`}
          disabled={busy}
          onClick={() => run(id, action)}
        >
          {action === 'approve' ? texts.approve : texts.withdraw}
          <span className="visually-hidden"> ({texts.adTitle(id)})</span>
        </button>
      ))}
    </div>
  );
}
