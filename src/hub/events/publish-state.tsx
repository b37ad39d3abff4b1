/**
 * After an event is saved: asks the publish queue every 2 s until the save is live (or cannot get there), and
 * says so in a polite live region, with the event's public page once it is online there. The region is always
 * in the page, so screen readers announce what later appears in it.
 */
import React, { useEffect, useState } from 'react';
import { routePath } from '../../lib/route-path';
import { hubApi, hubLocale } from '../api';
import { useHub } from '../hub-context';
import { eventTexts as texts } from './event-texts';
import { publishProgress, stillPublishing, type PublishProgress } from './publish-progress';

const pollMs = 2000;

interface Props {
  /** Counts the saves; each new count watches afresh (0: nothing saved yet on this screen). */
  save: number;
  event: { id: number; slug: string; online: boolean };
}

type Shown = { progress: PublishProgress; reason?: string };

export function PublishState({ save, event }: Props) {
  const { sessionEnded } = useHub();
  const [shown, setShown] = useState<Shown>();

  useEffect(() => {
    setShown(undefined);
    if (!save) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let savedSeq: number | undefined;
    const ask = async () => {
      const result = await hubApi.publish(controller.signal).catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return undefined;
        throw error;
      });
      if (!result || controller.signal.aborted) return;
      if (!result.ok && result.status === 401) {
        sessionEnded();
        return;
      }
      if (result.ok) {
        savedSeq ??= result.data.saved_seq;
        const progress = publishProgress(result.data, savedSeq);
        setShown({ progress, reason: result.data.last?.error ?? undefined });
        if (!stillPublishing(progress)) return;
      } else setShown((before) => before ?? { progress: 'pending' });
      // A failed read (the server restarting) is asked again, as is a build still under way.
      timer = setTimeout(() => void ask(), pollMs);
    };
    setShown({ progress: 'pending' });
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [save, sessionEnded]);

  const publicPath = routePath('events-slug-id', hubLocale, { slug: event.slug, id: event.id });
  return (
    <p className="kfh-publish" role="status" data-testid="publish-state" data-state={shown?.progress ?? 'none'}>
      {shown && <PublishMessage shown={shown} online={event.online} publicPath={publicPath} />}
    </p>
  );
}

function PublishMessage({ shown, online, publicPath }: { shown: Shown; online: boolean; publicPath: string }) {
  switch (shown.progress) {
    case 'pending':
      return <>{texts.publishPending}</>;
    case 'live':
      return online ? (
        <>
          <strong>{texts.publishLive}</strong>: <a href={publicPath}>{texts.publishLiveLink}</a>
        </>
      ) : (
        <>{texts.publishOffline}</>
      );
    case 'failed':
      return <>{texts.publishFailed(shown.reason ?? '')}</>;
    case 'off':
      return <>{texts.publishOff}</>;
    case 'triggered':
      return <>{texts.publishTriggered}</>;
  }
}
