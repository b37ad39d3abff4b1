/**
 * The only editor code in the visitor bundle (ADR 013). Without the `edit` or `preview` query flag it does nothing.
 * With one, it asks the server who is logged in: staff get the editor chunk (`import('../../editor')`), anyone else
 * with `edit` a small lazily loaded modal that explains edit mode and offers to log in.
 */
import React, { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { EditorSlotsContext, useEditorSlots, type EditorSlots, type EditorUser, type EditTarget } from './editor-slots';

const LoginPrompt = lazy(() => import(/* webpackChunkName: "editor-login" */ '../../editor/login-prompt'));

type Phase = { name: 'off' } | { name: 'login' } | { name: 'editing'; slots: EditorSlots };

export const hasEditFlag = (search: string) => new URLSearchParams(search).has('edit');

/**
 * `?preview`: the page with everything saved so far, read only, for the editor's preview dialog (ADR 037). Staff only,
 * like `?edit`; anyone else gets no prompt and keeps the built page, which is what is published.
 */
export const hasPreviewFlag = (search: string) => !hasEditFlag(search) && new URLSearchParams(search).has('preview');

interface Props {
  locale: Locale;
  path: string;
  target?: EditTarget;
  children: ReactNode;
}

export function EditorGate({ locale, path, target, children }: Props) {
  const [phase, setPhase] = useState<Phase>({ name: 'off' });
  const [attempt, setAttempt] = useState(0);
  const targetKey = target ? `${target.type}:${target.id}` : '';

  useEffect(() => {
    const preview = hasPreviewFlag(window.location.search);
    if (!hasEditFlag(window.location.search) && !preview) {
      setPhase({ name: 'off' });
      return undefined;
    }
    let cancelled = false;
    (async () => {
      // Loaded with the flag only: every page carries this gate, few pages the fetch helper.
      const { dataOf, getJson } = await import(/* webpackChunkName: "api-client" */ '../../lib/api-client');
      const url = `/${locale}/pageeditor-api/user`;
      const result = await getJson<EditorUser>(url);
      if (cancelled) return;
      if (result.status === 401 || result.status === 403) {
        if (!preview) setPhase({ name: 'login' });
        return;
      }
      const user = dataOf(url, result);
      const editor = await import(/* webpackChunkName: "editor" */ '../../editor');
      if (!cancelled) setPhase({ name: 'editing', slots: editor.createEditor({ locale, path, target, user, mode: preview ? 'preview' : 'edit' }) });
    })().catch((error: unknown) => {
      // A failed login check may open the modal (docs/product.md, States); a server that cannot be reached leaves the
      // page as it is.
      console.error('edit mode could not start', error);
    });
    return () => {
      cancelled = true;
    };
    // `target` is compared by its key: templates build a new object on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, path, targetKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const close = useCallback(() => setPhase({ name: 'off' }), []);
  const slots = phase.name === 'editing' ? phase.slots : null;
  return (
    <EditorSlotsContext.Provider value={slots}>
      {slots ? <slots.Root>{children}</slots.Root> : children}
      {phase.name === 'login' && (
        <Suspense fallback={null}>
          <LoginPrompt onLoggedIn={retry} onClose={close} />
        </Suspense>
      )}
    </EditorSlotsContext.Provider>
  );
}

/** Where the layout shows the editor header (docs/product.md, Routes: after the skip link, before the site header). */
export function EditorHeaderSlot() {
  const slots = useEditorSlots();
  return slots ? <slots.Header /> : null;
}

/** Wraps the 404 page's content: in edit mode the editor may show an offline page there instead (ADR 013). */
export function EditorMissingPageSlot({ children }: { children: ReactNode }) {
  const slots = useEditorSlots();
  return slots ? <slots.MissingPage>{children}</slots.MissingPage> : <>{children}</>;
}
