import React, { createContext, useContext, type ReactNode } from 'react';
import type { Event } from '../../../contract/schemas/programme';

/**
 * The concerts still on at the build day, in start order, as a page template prebuilt them (the home page), for
 * the "next concerts" module. Null where a template has none: the module then fills itself in the browser.
 */
const PrebuiltUpcoming = createContext<Event[] | null>(null);

export function PrebuiltUpcomingEvents({ events, children }: { events: Event[]; children: ReactNode }) {
  return <PrebuiltUpcoming.Provider value={events}>{children}</PrebuiltUpcoming.Provider>;
}

export const usePrebuiltUpcomingEvents = () => useContext(PrebuiltUpcoming);
