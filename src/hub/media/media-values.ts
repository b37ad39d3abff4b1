/** The German alt text's checks in the browser, as the server makes them (server/src/hub/resources/media.ts). */
import { required } from '../fields';
import { mediaTexts } from './media-texts';

export const ALT_MAX = 300;

/** Required (the site's first language) and at most ALT_MAX characters. */
export const altDe = (value: unknown) =>
  required(value) ?? (typeof value === 'string' && value.trim().length > ALT_MAX ? mediaTexts.tooLong(ALT_MAX, value.trim().length) : undefined);
