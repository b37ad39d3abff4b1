/**
 * The content server's refusals as sentences for staff (ADR 033), shared by the editor and the hub and
 * loaded only with them. The server answers a refused call with a `code` (contract/refusal-codes.ts) and,
 * where one applies, the `field` and `params`; its English `message` is for API users and never shown here, so no
 * English reaches a German screen. A sentence is written to stand beside its field, whose label the form shows.
 */
import { isRefusalCode, type RefusalCode, type RefusalParams } from '../../contract/refusal-codes';
import type { Locale } from '../../contract/locales';
import type { PostResult } from '../lib/api-client';
import { intlLocale } from '../../contract/locales';
import { siteTimeZone } from '../../contract/berlin-time';

type Sentence = string | ((params: RefusalParams) => string);

const count = (params: RefusalParams) => Number(params.count ?? 0);
/** ` (a, b)` after a sentence when the server named what it refers to. */
const listed = (params: RefusalParams) => (params.names ? `: ${params.names}` : '');

/** Names of the records a reference or an in-use refusal points to (`entity` in params), singular and plural. */
const entityWords: Record<Locale, Record<string, [string, string]>> = {
  de: {
    article: ['Artikel', 'Artikel'],
    event: ['Veranstaltung', 'Veranstaltungen'],
    venue: ['Spielstätte', 'Spielstätten'],
    subscription: ['Abonnement', 'Abonnements'],
    article_category: ['Kategorie', 'Kategorien'],
    ticket_ad: ['laufende Kleinanzeige', 'laufende Kleinanzeigen'],
    form_entry: ['Einsendung', 'Einsendungen'],
    page: ['Unterseite', 'Unterseiten'],
    nav_item: ['Navigationseintrag', 'Navigationseinträge'],
    place: ['Stelle', 'Stellen'],
  },
  en: {
    article: ['article', 'articles'],
    event: ['event', 'events'],
    venue: ['venue', 'venues'],
    subscription: ['subscription', 'subscriptions'],
    article_category: ['category', 'categories'],
    ticket_ad: ['live ticket ad', 'live ticket ads'],
    form_entry: ['form entry', 'form entries'],
    page: ['subpage', 'subpages'],
    nav_item: ['navigation entry', 'navigation entries'],
    place: ['place', 'places'],
  },
};

function entity(locale: Locale, params: RefusalParams, plural: boolean): string {
  const words = entityWords[locale][String(params.entity)] ?? (locale === 'de' ? ['Eintrag', 'Einträge'] : ['record', 'records']);
  return words[plural ? 1 : 0];
}

/** `1 Artikel` / `5 Artikel`, `1 event` / `3 events`. */
const counted = (locale: Locale, params: RefusalParams) => `${count(params)} ${entity(locale, params, count(params) !== 1)}`;

/** The page a delete refusal is about: the one asked for, or (params.page, a title) one of its subpages. */
const thisPage = (locale: Locale, params: RefusalParams) =>
  params.page ? (locale === 'de' ? `die Unterseite ${params.page}` : `the subpage ${params.page}`) : locale === 'de' ? 'diese Seite' : 'this page';

/** A time from the server (ISO) as staff read it, in Berlin. */
function clock(locale: Locale, iso: unknown): string {
  const date = new Date(String(iso));
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(intlLocale[locale], { timeZone: siteTimeZone, dateStyle: 'short', timeStyle: 'short' });
}

const de: Record<RefusalCode, Sentence> = {
  invalid: 'Diese Eingabe ist nicht gültig.',
  not_found: 'Dieser Eintrag existiert nicht (mehr). Vielleicht hat ihn jemand anderes gerade gelöscht.',
  conflict: 'Das passt nicht zu dem, was bereits gespeichert ist.',
  forbidden: 'Das ist nicht erlaubt.',
  gone: 'Dieser Link ist nicht mehr gültig.',
  too_many_requests: (p) => `Zu viele Anfragen. Bitte in ${p.seconds ?? 60} Sekunden erneut versuchen.`,
  payload_too_large: 'Die Daten sind zu groß, um sie zu speichern.',
  unsupported_media_type: 'Diese Art von Daten kann nicht gespeichert werden.',
  route_not_found: 'Diese Funktion gibt es auf dem Server nicht. Bitte laden Sie die Seite neu.',
  malformed_request: 'Die Anfrage kam unvollständig an. Bitte noch einmal versuchen.',
  storage_full: 'Der Speicherplatz des Servers dafür ist im Moment voll. Bitte später noch einmal versuchen.',

  required: 'Bitte ausfüllen.',
  unknown_field: 'Dieses Feld kennt der Server nicht. Bitte laden Sie die Seite neu.',
  not_allowed_value: 'Bitte einen der angebotenen Werte wählen.',
  invalid_format: 'Die Eingabe hat nicht die erwartete Form.',
  too_long: (p) => `Höchstens ${p.limit} Zeichen.`,
  too_short: (p) => `Mindestens ${p.limit} Zeichen.`,
  too_small: (p) => `Die Zahl muss mindestens ${p.limit} sein.`,
  too_big: (p) => `Die Zahl darf höchstens ${p.limit} sein.`,
  not_a_number: 'Bitte eine Zahl eingeben.',
  not_a_whole_number: 'Bitte eine ganze Zahl eingeben.',
  not_text: 'Bitte einen Text eingeben.',
  not_yes_no: 'Bitte Ja oder Nein wählen.',
  not_a_list: 'Hier wird eine Liste erwartet.',
  too_many_items: (p) => `Höchstens ${p.limit} Einträge.`,
  too_few_items: (p) => `Mindestens ${p.limit} ${Number(p.limit) === 1 ? 'Eintrag' : 'Einträge'}.`,
  invalid_email: 'Bitte eine E-Mail-Adresse wie name@beispiel.de eingeben.',
  invalid_datetime: 'Bitte Datum und Uhrzeit vollständig angeben, z. B. 28.11.2026, 19:30 Uhr.',
  invalid_date: 'Bitte ein gültiges Datum angeben, z. B. 28.11.2026.',
  invalid_slug: 'Nur Kleinbuchstaben, Ziffern und einzelne Bindestriche, z. B. sommer-konzert.',
  invalid_path: 'Bitte eine Adresse dieser Website angeben, die mit / beginnt, ohne Leerzeichen, ? oder #.',
  invalid_link: 'Bitte eine Adresse dieser Website (beginnt mit /), einen Sprungpunkt (#…) oder einen vollständigen Link mit https://, mailto: oder tel: angeben.',
  invalid_season: 'Bitte die Saison wie 2026/27 angeben.',
  control_character: 'Der Text enthält ein unsichtbares Steuerzeichen. Bitte den Text neu eingeben statt ihn einzufügen.',
  nested_too_deeply: 'Der Inhalt ist zu tief verschachtelt.',

  media_missing: 'Dieses Bild gibt es in der Mediathek nicht mehr. Bitte ein anderes wählen.',
  reference_missing: (p) => `Diese ${entity('de', p, false)} gibt es nicht (mehr). Bitte eine andere wählen.`,
  fallback_without_pick: 'Die Ersatzadresse gilt nur für eine gewählte Seite oder Veranstaltung. Bei einer eingetippten Adresse unter „Link“ bitte leer lassen.',
  embed_host_not_allowed: (p) => `Bitte einen https-Link zu einem dieser Dienste angeben: ${p.hosts}.`,
  invalid_anchor: 'Der Sprungpunkt muss mit einem Buchstaben beginnen und darf nur Buchstaben, Ziffern, - und _ enthalten.',
  column_out_of_range: 'Diese Spalte gibt es im gewählten Layout nicht.',
  end_before_start: 'Das Ende muss nach dem Beginn liegen.',
  schedule_in_past: 'Dieser Zeitpunkt ist schon vorbei. Bitte einen späteren wählen oder das Feld leeren.',
  schedule_offline_before_online: 'Das Offline-Nehmen muss nach dem Online-Stellen liegen.',
  schedule_already_online: 'Das ist schon online. Zum geplanten Online-Stellen zuerst „Online“ abwählen, sonst dieses Feld leeren.',
  schedule_already_offline: 'Das ist schon offline. Zum geplanten Offline-Nehmen zuerst online stellen oder einen Zeitpunkt zum Online-Stellen angeben.',
  postponed_needs_status: 'Einen neuen Termin gibt es nur bei verschobenen Veranstaltungen. Bitte den Status „Verschoben“ wählen oder das Feld leeren.',
  postponed_not_later: 'Der neue Termin muss nach dem ursprünglichen Beginn liegen.',
  duplicate_entry: 'Dieser Eintrag steht schon in der Liste.',
  slug_taken: 'Dieser Kurzname ist schon vergeben. Bitte einen anderen wählen.',
  path_taken: (p) => `Unter dieser Adresse gibt es schon eine Seite.${p.path ? ` Belegt ist ${p.path}.` : ''}`,
  email_taken: 'Diese E-Mail-Adresse gehört schon zu einem anderen Konto.',
  username_taken: 'Dieser Benutzername ist schon vergeben.',
  reserved_path: 'Diese Adresse ist für die Website reserviert. Bitte eine andere wählen.',
  redirect_exists: 'Für diese alte Adresse gibt es schon eine Weiterleitung.',
  redirect_chain: 'Das würde eine Kette von Weiterleitungen ergeben. Bitte direkt auf die endgültige Adresse verweisen.',
  redirect_to_itself: 'Alte und neue Adresse müssen sich unterscheiden.',
  redirect_pattern:
    'Platzhalter so verwenden: * nur als letzter Teil der alten Adresse (/de/alt/*); in der neuen Adresse :splat und die :namen der alten Adresse, jeweils als ganzer Teil zwischen zwei /.',
  redirect_too_wide:
    'Die alte Adresse muss mit festen Teilen beginnen, z. B. /de/alt/*. Eine Weiterleitung für alle Adressen der Website oder einer Sprache ist nicht möglich.',
  redirect_leaves_site:
    'Die neue Adresse muss mit einem festen Teil beginnen, z. B. /de/…. Ein Platzhalter am Anfang könnte Besucher auf eine fremde Website schicken.',
  redirect_loop: 'Die alte Adresse erfasst auch die neue. Besucher würden immer wieder weitergeleitet. Bitte ein Ziel außerhalb der alten Adresse wählen.',
  parent_invalid: 'Diese übergeordnete Seite ist hier nicht möglich.',
  type_fixed: 'Die Art eines Moduls lässt sich nicht ändern. Bitte das Modul löschen und ein neues anlegen.',
  wrong_status: 'Das geht in diesem Status nicht mehr. Bitte die Seite neu laden.',
  choices_missing: 'Bitte mindestens eine Auswahlmöglichkeit angeben.',
  not_for_field_type: 'Diese Angabe passt nicht zu dieser Feldart. Bitte leer lassen oder die Feldart ändern.',
  max_below_min: 'Der Höchstwert darf nicht kleiner als der Mindestwert sein.',
  default_not_allowed: 'Dieser Vorgabewert passt nicht zum Feld. Bitte einen der erlaubten Werte eintragen.',
  default_required: 'Ein Pflichtfeld, das nicht angezeigt wird, braucht einen Vorgabewert.',

  in_use: (p) => `Wird noch verwendet (${counted('de', p)})${listed(p)}. Bitte zuerst dort entfernen.`,
  category_not_empty: (p) =>
    `Diese Kategorie enthält noch ${count(p)} Artikel. Bitte die Artikel zuerst einer anderen Kategorie zuordnen oder löschen.`,
  page_has_children: (p) => `Diese Seite hat noch ${counted('de', { ...p, entity: 'page' })}${listed(p)}. Bitte diese zuerst verschieben oder löschen.`,
  page_is_home: 'Die Startseite kann nicht gelöscht werden.',
  form_has_entries: (p) => `Das Formular hat noch ${count(p) === 1 ? 'eine Einsendung' : `${count(p)} Einsendungen`}.`,
  page_in_navigation: (p) => `Die Navigation verlinkt noch auf ${thisPage('de', p)}${listed(p)}. Bitte die Einträge zuerst entfernen.`,
  page_in_settings: (p) => `Die Einstellungen nennen ${thisPage('de', p)} als Impressum oder Datenschutzerklärung. Bitte zuerst die Einstellungen ändern.`,
  subpages_changed: (p) =>
    `Die Unterseiten haben sich geändert, seit gefragt wurde (jetzt ${counted('de', { ...p, entity: 'page' })}). Nichts wurde gelöscht; bitte noch einmal versuchen.`,
  home_not_movable: 'Die Startseite kann nicht verschoben werden.',
  page_move_cycle: 'Eine Seite kann nicht unter sich selbst oder eine ihrer Unterseiten verschoben werden.',
  own_account: 'Das eigene Konto kann man weder sperren noch herabstufen. Bitte eine andere Administratorin oder einen anderen Administrator fragen.',

  upload_missing: 'Bitte eine Bilddatei auswählen.',
  upload_empty: 'Die Datei ist leer.',
  upload_too_large: (p) => `Die Datei ist zu groß: höchstens ${p.limit} MB.`,
  upload_wrong_type: 'Bitte ein Bild als JPEG, PNG oder WebP hochladen.',
  upload_too_many_pixels: (p) =>
    `Das Bild ist zu groß${p.width ? ` (${p.width} × ${p.height} Pixel)` : ''}: höchstens ${p.limit} Megapixel. Bitte verkleinern, z. B. auf 6000 Pixel Breite.`,
  upload_incomplete: 'Die Datei kam nicht vollständig an. Bitte noch einmal hochladen.',
  upload_one_file: 'Bitte nur eine Datei auf einmal hochladen.',

  login_failed: 'Anmeldename oder Passwort stimmen nicht.',
  login_throttled: (p) => `Zu viele Versuche. Bitte in ${p.seconds ?? 60} Sekunden erneut versuchen.`,
  account_disabled: 'Dieses Konto ist gesperrt.',
  password_too_short: (p) => `Das Passwort muss mindestens ${p.limit} Zeichen lang sein.`,
  session_expired: 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  csrf_failed: 'Die Sitzung ist abgelaufen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
  admin_only: 'Dafür fehlt Ihnen die Berechtigung. Das dürfen nur Administratorinnen und Administratoren.',

  stale_save: (p) =>
    `Jemand${p.who ? ` (${p.who})` : ''} hat das in der Zwischenzeit geändert${p.at ? ` (${clock('de', p.at)})` : ''}. Ihre Änderung wurde nicht gespeichert.`,

  translation_not_empty: 'Diese Sprachfassung hat schon Module. Es wurde nichts übernommen, damit nichts überschrieben wird.',
  translation_source_empty: 'Die andere Sprachfassung hat keine Module, die sich übernehmen ließen.',

  page_copy_language_missing: (p) => `Die Seite hat keine ${p.language === 'en' ? 'englische' : 'deutsche'} Fassung, die sich kopieren ließe.`,
  page_copy_parent_language: (p) => `Die übergeordnete Seite hat keine ${p.language === 'en' ? 'englische' : 'deutsche'} Fassung; darunter kann die Kopie diese Sprache nicht haben.`,
};

const en: Record<RefusalCode, Sentence> = {
  invalid: 'This entry is not valid.',
  not_found: 'This record does not exist (any more). Someone else may just have deleted it.',
  conflict: 'This does not fit with what is already saved.',
  forbidden: 'This is not allowed.',
  gone: 'This link is no longer valid.',
  too_many_requests: (p) => `Too many requests. Please try again in ${p.seconds ?? 60} seconds.`,
  payload_too_large: 'The data is too large to save.',
  unsupported_media_type: 'This kind of data cannot be saved.',
  route_not_found: 'The server has no such function. Please reload the page.',
  malformed_request: 'The request arrived incomplete. Please try again.',
  storage_full: 'The server has no room for this at the moment. Please try again later.',

  required: 'Please fill this in.',
  unknown_field: 'The server does not know this field. Please reload the page.',
  not_allowed_value: 'Please choose one of the offered values.',
  invalid_format: 'This entry does not have the expected form.',
  too_long: (p) => `At most ${p.limit} characters.`,
  too_short: (p) => `At least ${p.limit} characters.`,
  too_small: (p) => `The number must be at least ${p.limit}.`,
  too_big: (p) => `The number must be at most ${p.limit}.`,
  not_a_number: 'Please enter a number.',
  not_a_whole_number: 'Please enter a whole number.',
  not_text: 'Please enter text.',
  not_yes_no: 'Please choose yes or no.',
  not_a_list: 'A list is expected here.',
  too_many_items: (p) => `At most ${p.limit} entries.`,
  too_few_items: (p) => `At least ${p.limit} ${Number(p.limit) === 1 ? 'entry' : 'entries'}.`,
  invalid_email: 'Please enter an e-mail address like name@example.org.',
  invalid_datetime: 'Please give the full date and time, e.g. 28/11/2026, 19:30.',
  invalid_date: 'Please give a valid date, e.g. 28/11/2026.',
  invalid_slug: 'Only lowercase letters, digits and single hyphens, e.g. summer-concert.',
  invalid_path: 'Please give an address on this site starting with /, without spaces, ? or #.',
  invalid_link: 'Please give an address on this site (starting with /), an anchor (#…) or a full link with https://, mailto: or tel:.',
  invalid_season: 'Please give the season like 2026/27.',
  control_character: 'The text holds an invisible control character. Please type it rather than pasting it.',
  nested_too_deeply: 'The content is nested too deeply.',

  media_missing: 'This image is no longer in the media library. Please choose another one.',
  reference_missing: (p) => `This ${entity('en', p, false)} does not exist (any more). Please choose another one.`,
  fallback_without_pick: 'The fallback address applies only to a chosen page or event. Leave it empty when you type an address under “Link”.',
  embed_host_not_allowed: (p) => `Please give an https link to one of these services: ${p.hosts}.`,
  invalid_anchor: 'The anchor must start with a letter and hold only letters, digits, - and _.',
  column_out_of_range: 'The chosen layout has no such column.',
  end_before_start: 'The end must be after the start.',
  schedule_in_past: 'This time has passed already. Please choose a later one or clear the field.',
  schedule_offline_before_online: 'Taking it offline must come after putting it online.',
  schedule_already_online: 'This is online already. To schedule putting it online, untick "online" first; otherwise clear this field.',
  schedule_already_offline: 'This is offline already. To schedule taking it offline, put it online first or give a time to put it online.',
  postponed_needs_status: 'Only a postponed event has a new date. Please choose the status "postponed" or empty the field.',
  postponed_not_later: 'The new date must be after the original start.',
  duplicate_entry: 'This entry is already in the list.',
  slug_taken: 'This short name is taken already. Please choose another one.',
  path_taken: (p) => `A page already has this address.${p.path ? ` Taken: ${p.path}.` : ''}`,
  email_taken: 'This e-mail address already belongs to another account.',
  username_taken: 'This username is taken already.',
  reserved_path: 'This address is reserved for the site. Please choose another one.',
  redirect_exists: 'This old address already has a redirect.',
  redirect_chain: 'That would make a chain of redirects. Please point straight to the final address.',
  redirect_to_itself: 'The old and the new address must differ.',
  redirect_pattern:
    'Use placeholders like this: * only as the last part of the old address (/de/old/*); in the new address :splat and the :names of the old address, each as a whole part between two /.',
  redirect_too_wide: 'The old address must start with fixed parts, e.g. /de/old/*. A redirect for every address of the site or of a language is not possible.',
  redirect_leaves_site: 'The new address must start with a fixed part, e.g. /de/…. A placeholder at the start could send visitors to another site.',
  redirect_loop: 'The old address also covers the new one. Visitors would be redirected again and again. Please choose a target outside the old address.',
  parent_invalid: 'This parent page is not possible here.',
  type_fixed: "A module's type cannot change. Please delete the module and add a new one.",
  wrong_status: 'That is no longer possible in this status. Please reload the page.',
  choices_missing: 'Please give at least one choice.',
  not_for_field_type: 'This setting does not fit this field type. Please leave it empty or change the type.',
  max_below_min: 'The maximum must not be less than the minimum.',
  default_not_allowed: 'This default does not fit the field. Please enter one of the allowed values.',
  default_required: 'A required field that is not shown needs a default.',

  in_use: (p) => `Still in use (${counted('en', p)})${listed(p)}. Please remove it there first.`,
  category_not_empty: (p) =>
    `This category still holds ${count(p)} ${count(p) === 1 ? 'article' : 'articles'}. Please move them to another category or delete them first.`,
  page_has_children: (p) => `This page still has ${counted('en', { ...p, entity: 'page' })}${listed(p)}. Please move or delete them first.`,
  page_is_home: 'The home page cannot be deleted.',
  form_has_entries: (p) => `The form still has ${count(p) === 1 ? 'one entry' : `${count(p)} entries`}.`,
  page_in_navigation: (p) => `The navigation still links to ${thisPage('en', p)}${listed(p)}. Please remove those entries first.`,
  page_in_settings: (p) => `The settings name ${thisPage('en', p)} as the imprint or privacy page. Please change the settings first.`,
  subpages_changed: (p) =>
    `The subpages have changed since you were asked (now ${counted('en', { ...p, entity: 'page' })}). Nothing was deleted; please try again.`,
  home_not_movable: 'The home page cannot be moved.',
  page_move_cycle: 'A page cannot be moved below itself or one of its subpages.',
  own_account: 'You cannot disable or demote your own account. Please ask another administrator.',

  upload_missing: 'Please choose an image file.',
  upload_empty: 'The file is empty.',
  upload_too_large: (p) => `The file is too large: at most ${p.limit} MB.`,
  upload_wrong_type: 'Please upload an image as JPEG, PNG or WebP.',
  upload_too_many_pixels: (p) =>
    `The image is too large${p.width ? ` (${p.width} × ${p.height} pixels)` : ''}: at most ${p.limit} megapixels. Please scale it down, e.g. to 6000 pixels wide.`,
  upload_incomplete: 'The file did not arrive complete. Please upload it again.',
  upload_one_file: 'Please upload one file at a time.',

  login_failed: 'Wrong login or password.',
  login_throttled: (p) => `Too many attempts. Please try again in ${p.seconds ?? 60} seconds.`,
  account_disabled: 'This account is disabled.',
  password_too_short: (p) => `The password must be at least ${p.limit} characters long.`,
  session_expired: 'Your login has expired. Please log in again.',
  csrf_failed: 'The session has expired. Please reload the page and try again.',
  admin_only: 'You do not have permission for this. Only administrators may do it.',

  stale_save: (p) =>
    `Someone${p.who ? ` (${p.who})` : ''} changed this in the meantime${p.at ? ` (${clock('en', p.at)})` : ''}. Your change was not saved.`,

  translation_not_empty: 'This language version already has modules. Nothing was copied, so nothing is overwritten.',
  translation_source_empty: 'The other language version has no modules to copy.',

  page_copy_language_missing: (p) => `The page has no ${p.language === 'en' ? 'English' : 'German'} version to copy.`,
  page_copy_parent_language: (p) => `The parent page has no ${p.language === 'en' ? 'English' : 'German'} version, so the copy cannot have one below it.`,
};

export const refusalTexts: Record<Locale, Record<RefusalCode, Sentence>> = { de, en };

/** Sentences for answers that carry no code: none came (network), or the server failed. */
const noCode: Record<Locale, { network: string; server: string; other: (status: number) => string }> = {
  de: {
    network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie die Verbindung und versuchen Sie es noch einmal.',
    server: 'Auf dem Server ist ein Fehler aufgetreten. Bitte später noch einmal versuchen.',
    other: (status) => `Die Anfrage wurde abgelehnt (Status ${status}).`,
  },
  en: {
    network: 'The server cannot be reached. Please check the connection and try again.',
    server: 'An error occurred on the server. Please try again later.',
    other: (status) => `The request was refused (status ${status}).`,
  },
};

/** One refused answer of the content server (or none: status 0). */
export type Refused = Extract<PostResult<unknown>, { ok: false }>;

/** The sentence for a code in the staff's language. */
export function refusalSentence(code: RefusalCode, locale: Locale, params: RefusalParams = {}): string {
  const sentence = refusalTexts[locale][code];
  return typeof sentence === 'function' ? sentence(params) : sentence;
}

/** The sentence for a refused answer: by its code; a network failure, a 500 or an answer without code by status. */
export function refusalText(result: Refused, locale: Locale): string {
  if (result.status === 0) return noCode[locale].network;
  const { code, params } = result.data;
  if (isRefusalCode(code)) return refusalSentence(code, locale, params ?? {});
  if (result.status >= 500) return noCode[locale].server;
  return noCode[locale].other(result.status);
}
