import React, { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Media } from '../../../contract/schemas/content';
import type { EmbedKind } from '../../../contract/embed-hosts';
import { allowConsentCategory } from '../../lib/consent/load-manager';
import { useConsent } from '../../lib/consent/store';
import { resolveEmbed, type EmbedFrame } from './embed-url';
import { ResponsiveImage } from './responsive-image';

export interface EmbedPlaceholderProps {
  kind: EmbedKind;
  /** The module's URL or pasted embed code. */
  embed: string;
  title?: string;
  /** Small print under the title, e.g. a video's length. */
  details?: ReactNode;
  /** Our own preview image (from the content server, so showing it sends nothing to the provider). */
  preview?: Media | null;
  previewSizes?: string;
}

export interface EmbedViewProps extends EmbedPlaceholderProps {
  /** The player is shown: media consent exists, or the visitor loaded this one. */
  loaded: boolean;
  /** Loads just this embed, for this page view. */
  onLoadOne?: () => void;
  /** Allows the media category for good (the visitor can withdraw it in the cookie settings). */
  onAllowAll?: () => void;
  /** Moves focus into the player once it appears (it replaced the button the visitor pressed). */
  focusFrame?: boolean;
}

const kindClass: Record<EmbedKind, string> = {
  video: 'video',
  videoList: 'video',
  audio: 'audio',
  viewer: 'viewer',
  social: 'social',
};

function Frame({ frame, title, focus }: { frame: EmbedFrame; title: string; focus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // The player replaced the button the visitor pressed: focus moves to the player's frame (a named group; Tab
  // then enters the player), not to the body.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      className="embed__frame"
      role="group"
      aria-label={title}
      tabIndex={-1}
      style={frame.height ? { height: frame.height } : { aspectRatio: String(frame.aspectRatio ?? 16 / 9) }}
    >
      <iframe
        src={frame.src}
        title={title}
        loading="lazy"
        allow={frame.allow}
        allowFullScreen={frame.allowFullScreen}
        // The provider learns our origin only, never the page path.
        referrerPolicy="strict-origin-when-cross-origin"
        // Players may run scripts and open their own site in a new tab, but never navigate our page.
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation"
      />
    </div>
  );
}

/**
 * A third-party embed (video, audio, document viewer, social post) as the visitor's consent allows: nothing is
 * requested from the provider until then; a placeholder names the provider and what loading would send, and
 * offers to load just this one or to allow media embeds for good (the two-click pattern).
 */
export function EmbedPlaceholder(props: EmbedPlaceholderProps) {
  const consent = useConsent();
  // The withdrawal count this embed was loaded at: a later withdrawal takes it down again.
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  const loaded = consent.accepted.has('media') || loadedAt === consent.withdrawals;
  return (
    <EmbedView
      {...props}
      loaded={loaded}
      focusFrame={loadedAt !== null}
      onLoadOne={() => setLoadedAt(consent.withdrawals)}
      onAllowAll={() => {
        setLoadedAt(consent.withdrawals);
        void allowConsentCategory('media');
      }}
    />
  );
}

/** What an embed shows for a given state; the store-free part, rendered as is by the tests. */
export function EmbedView({ kind, embed, title, details, preview, previewSizes, loaded, onLoadOne, onAllowAll, focusFrame = false }: EmbedViewProps) {
  const { t } = useTranslation('modules');
  const id = useId();
  const resolved = resolveEmbed(kind, embed);

  if (!resolved.allowed) {
    return (
      <div className={`embed embed--${kindClass[kind]} embed--blocked`}>
        {title && <p className="embed__title">{title}</p>}
        <p className="embed__notice">{t('embedBlocked')}</p>
      </div>
    );
  }

  const { provider, frame, link } = resolved;
  const caption = (
    <>
      {title && <p className="embed__title">{title}</p>}
      {details && <p className="embed__details">{details}</p>}
    </>
  );

  if (loaded && frame) {
    return (
      <div className={`embed embed--${kindClass[kind]} embed--loaded`}>
        <Frame frame={frame} title={title || t('embedUntitled', { provider })} focus={focusFrame} />
        {caption}
      </div>
    );
  }

  const noteId = `${id}-note`;
  const hintId = `${id}-hint`;
  return (
    <div className={`embed embed--${kindClass[kind]} embed--placeholder`} data-embed-provider={provider}>
      {preview && (
        <div className="embed__preview">
          <ResponsiveImage
            media={preview}
            width={960}
            aspectRatio={16 / 9}
            layout="fullWidth"
            sizes={previewSizes}
            // The title beside it already names what the still shows.
            decorative={Boolean(title)}
          />
        </div>
      )}
      <div className="embed__consent">
        <p className="embed__provider">{provider}</p>
        {caption}
        <p className="embed__note" id={noteId}>
          {t('embedNote', { provider })}
        </p>
        {frame ? (
          <>
            <div className="embed__actions">
              <button type="button" className="button embed__load" aria-describedby={noteId} onClick={onLoadOne}>
                {t('embedLoad')}
              </button>
              <button type="button" className="button button--secondary embed__allow" aria-describedby={hintId} onClick={onAllowAll}>
                {t('embedAllowAll')}
              </button>
            </div>
            <p className="embed__hint" id={hintId}>
              {t('embedAllowAllHint')}
            </p>
          </>
        ) : (
          <p className="embed__hint">{t('embedUnavailable')}</p>
        )}
        <p className="embed__external">
          {/* A plain link loads nothing until followed; noreferrer keeps our page address from the provider. */}
          <a href={link} rel="noopener noreferrer">
            {t('embedOpenAt', { provider })}
          </a>
        </p>
      </div>
    </div>
  );
}
