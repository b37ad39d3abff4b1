import { createContext, useContext } from 'react';
import type { HubUser } from './api';

export interface HubLocation {
  pathname: string;
  search: string;
  /** What the previous screen handed over with `navigate(…, { state })`, e.g. a message to show. */
  state: unknown;
}

export interface HubContextValue {
  user: HubUser;
  location: HubLocation;
  /** A call answered 401: the session ended; the hub shows the login form and comes back here after it. */
  sessionEnded: () => void;
}

export const HubContext = createContext<HubContextValue | null>(null);

export function useHub(): HubContextValue {
  const value = useContext(HubContext);
  if (!value) throw new Error('useHub outside the hub');
  return value;
}

/** A message the previous screen left in the navigation state. */
export function flashMessage(state: unknown): string | undefined {
  const message = (state as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
}
