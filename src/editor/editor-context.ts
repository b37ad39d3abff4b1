import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EditorState, EditorStore } from './store';
import type { EditorTexts } from './texts';

export const EditorContext = createContext<EditorStore | null>(null);

export function useEditor(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditor outside the editor root');
  return store;
}

export function useEditorState(): EditorState {
  const store = useEditor();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

export const useTexts = (): EditorTexts => useEditor().texts;
