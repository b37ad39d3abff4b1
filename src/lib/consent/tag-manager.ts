/**
 * The tag manager (ADR 015): Google Tag Manager, configured by the build's `TAG_MANAGER_ID`
 * (e.g. `GTM-ABC1234`) and absent when it is not set. Its scripts go into every page's head inert
 * (`type="text/plain"`); the cookie manager runs them only once the visitor accepts tracking.
 */
const idPattern = /^GTM-[A-Z0-9]{4,12}$/;

export interface TagManagerScripts {
  /** Creates the data layer and records the start time, as the tag manager expects before it loads. */
  inline: string;
  src: string;
}

/** The scripts for a configured id; undefined when none is set. A malformed id stops the build. */
export function tagManagerScripts(id: string | undefined = process.env.TAG_MANAGER_ID): TagManagerScripts | undefined {
  const value = id?.trim();
  if (!value) return undefined;
  if (!idPattern.test(value)) throw new Error(`TAG_MANAGER_ID must look like GTM-XXXXXXX, not "${value}"`);
  return {
    inline: "window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});",
    src: `https://www.googletagmanager.com/gtm.js?id=${value}`,
  };
}
