/**
 * The staff hub (ADR 016), loaded by `src/templates/hub-page.tsx` as the `hub` chunk, so none of it reaches a
 * visitor. Asks the server who is logged in: staff get the hub's screens, anyone else the login form; a call
 * answering 401 later (the session ended) brings the form back, and after logging in the same screen shows.
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hubApi, type HubUser } from './api';
import { DashboardPage } from './dashboard-page';
import { EventChangePage } from './events/event-change-page';
import { EventNewPage } from './events/event-new-page';
import { EventsListPage } from './events/events-list-page';
import { FormEntriesListPage } from './form-entries/form-entries-list-page';
import { FormEntryPage } from './form-entries/form-entry-page';
import { HubContext, type HubLocation } from './hub-context';
import { HubLayout } from './hub-layout';
import { useHubStyles } from './hub-styles';
import { LoginPage } from './login-page';
import { NewsletterListPage } from './newsletter/newsletter-list-page';
import { focusHeading, PageHeading } from './page-heading';
import { hubRoute, type HubRoute } from './routes';
import { sectionScreens } from './screens';
import { SearchPage } from './search/search-page';
import { NoPermissionPage, NotFoundPage } from './section-page';
import { texts } from './texts';
import { TicketAdPage } from './ticket-ads/ticket-ad-page';
import { TicketAdsListPage } from './ticket-ads/ticket-ads-list-page';
import { refusalText } from '../staff/refusal-texts';
import { onSessionEnded } from '../staff/staff-api';
import { rememberedStaffLanguage, rememberStaffLanguage, StaffLanguageContext, staffLanguageOf, type StaffLanguage } from '../staff/staff-language';
import { StaffLanguageControl } from './account/staff-language-control';
import { hubLanguage, setHubLanguage } from './hub-language';

/**
 * Puts every hub text set into `language` (ADR 061), before the screens render in it; the page's `lang` follows, so
 * screen readers read the hub in the language it speaks.
 */
function useHubLanguage() {
  const [language, setLanguage] = useState<StaffLanguage>(() => {
    // Before the user call answers (and on the login form): the language last chosen on this device, else German.
    const remembered = rememberedStaffLanguage();
    setHubLanguage(remembered);
    return remembered;
  });
  const choose = useCallback((next: StaffLanguage) => {
    setHubLanguage(next);
    rememberStaffLanguage(next);
    setLanguage(next);
  }, []);
  useEffect(() => {
    const before = document.documentElement.lang;
    document.documentElement.lang = language;
    // Leaving the hub for a page of the site gives the page its own language back.
    return () => {
      document.documentElement.lang = before;
    };
  }, [language]);
  return [language, choose] as const;
}

type Session = { name: 'checking' } | { name: 'anonymous'; note?: string } | { name: 'failed'; message: string } | { name: 'in'; user: HubUser };

function Screen({ route, user }: { route: HubRoute; user: HubUser }) {
  switch (route.name) {
    case 'dashboard':
      return <DashboardPage />;
    case 'events':
      return <EventsListPage />;
    case 'event-new':
      return <EventNewPage />;
    case 'event':
      return <EventChangePage key={route.id} id={route.id} />;
    case 'ticket-ads':
      return <TicketAdsListPage />;
    case 'ticket-ad':
      return <TicketAdPage key={route.id} id={route.id} />;
    case 'form-entries':
      return <FormEntriesListPage />;
    case 'form-entry':
      return <FormEntryPage key={route.id} id={route.id} />;
    case 'newsletter':
      return <NewsletterListPage />;
    case 'search':
      return <SearchPage />;
    case 'section':
    case 'section-new':
    case 'section-record': {
      const screens = sectionScreens[route.key];
      // A section the account's role does not open (an editor on Users): say so, rather than "not found".
      if (screens && !user.admin_menus.some((entry) => entry.key === route.key)) return <NoPermissionPage />;
      if (route.name === 'section') {
        const List = screens?.list;
        return List ? <List /> : <NotFoundPage />;
      }
      if (route.name === 'section-new') {
        const Create = screens?.create;
        return Create ? <Create /> : <NotFoundPage />;
      }
      const Record = route.view ? screens?.views?.[route.view] : screens?.record;
      return Record ? <Record key={`${route.id}/${route.view ?? ''}`} id={route.id} /> : <NotFoundPage />;
    }
    default:
      return <NotFoundPage />;
  }
}

export default function Hub({ location }: { location: HubLocation }) {
  useHubStyles();
  const [session, setSession] = useState<Session>({ name: 'checking' });
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutError, setLogoutError] = useState<string>();
  const [language, chooseLanguage] = useHubLanguage();
  const [languageChanged, setLanguageChanged] = useState(false);
  // The confirmation of a change belongs to the screen it was made on.
  useEffect(() => setLanguageChanged(false), [location.pathname]);

  const checkUser = useCallback(async () => {
    const result = await hubApi.user();
    if (result.ok) {
      chooseLanguage(staffLanguageOf(result.data));
      setSession({ name: 'in', user: result.data });
    }
    else if (result.status === 401) setSession({ name: 'anonymous' });
    else if (result.status === 403) setSession({ name: 'anonymous', note: texts.accountDisabled });
    else setSession({ name: 'failed', message: refusalText(result, hubLanguage()) });
  }, [chooseLanguage]);

  // A new staff language: the texts switch, then the whole hub renders anew in it (keyed by the language below).
  const languageSaved = useCallback(
    (saved: HubUser) => {
      chooseLanguage(staffLanguageOf(saved));
      setLanguageChanged(true);
      setSession({ name: 'in', user: saved });
    },
    [chooseLanguage],
  );

  useEffect(() => {
    void checkUser();
  }, [checkUser]);

  const logout = useCallback(async () => {
    setLoggingOut(true);
    setLogoutError(undefined);
    const result = await hubApi.logout();
    setLoggingOut(false);
    if (result.ok) setSession({ name: 'anonymous' });
    else setLogoutError(texts.logoutFailed(refusalText(result, hubLanguage())));
  }, []);

  const sessionEnded = useCallback(() => setSession({ name: 'anonymous' }), []);
  // Every staff call answering 401 brings the login form back (src/staff/staff-api.ts).
  useEffect(() => onSessionEnded(sessionEnded), [sessionEnded]);
  const user = session.name === 'in' ? session.user : null;
  const context = useMemo(() => (user ? { user, location, sessionEnded } : null), [user, location, sessionEnded]);

  // A new screen (another address, or the hub after logging in) gets the focus on its heading; not the first one.
  const screenKey = `${session.name}:${location.pathname}`;
  const shownScreen = useRef<string>();
  useEffect(() => {
    if (session.name === 'checking') return;
    if (shownScreen.current !== undefined && shownScreen.current !== screenKey) focusHeading();
    shownScreen.current = screenKey;
  }, [screenKey, session.name]);

  let content: React.ReactNode;
  if (session.name === 'checking') content = <p role="status">{texts.loading}</p>;
  else if (session.name === 'failed')
    content = (
      <>
        <PageHeading title={texts.hubName} />
        <p className="kfh-message kfh-message--error">{texts.userCheckFailed(session.message)}</p>
        <button type="button" className="kfe-button" onClick={() => void checkUser()}>
          {texts.retry}
        </button>
      </>
    );
  else if (session.name === 'anonymous') content = <LoginPage note={session.note} onLoggedIn={() => void checkUser()} />;
  else
    content = (
      <HubContext.Provider value={context}>
        {logoutError && (
          <p className="kfh-message kfh-message--error" role="alert">
            {logoutError}
          </p>
        )}
        <Screen route={hubRoute(location.pathname)} user={session.user} />
        {hubRoute(location.pathname).name === 'dashboard' && <StaffLanguageControl user={session.user} onChanged={languageSaved} changed={languageChanged} />}
      </HubContext.Provider>
    );

  return (
    <StaffLanguageContext.Provider value={language}>
      <HubLayout key={language} user={user} pathname={location.pathname} search={location.search} onLogout={() => void logout()} loggingOut={loggingOut}>
        {content}
      </HubLayout>
    </StaffLanguageContext.Provider>
  );
}
