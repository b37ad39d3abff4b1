import React, { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Media } from '../../../server/src/schemas/content';
import type { EmbedKind } from '../../../server/src/shared/embed-hosts';
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
  /** True once the visitor allowed media embeds: the player is loaded. */
  consented?: boolean;
  /** Asks for consent; until the cookie manager passes it, the load button stays disabled. */
  onLoad?: () => void;
}

const kindClass: Record<EmbedKind, string> = {
  video: 'video',
  videoList: 'video',
  audio: 'audio',
  viewer: 'viewer',
  social: 'social',
};

function Frame({ frame, title }: { frame: EmbedFrame; title: string }) {
  return (
    <div
      className="embed__frame"
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
 * A third-party embed (video, audio, document viewer, social post). Nothing is requested from the provider
 * until the visitor has consented; before that a placeholder names the provider and what loading would send.
 */
export function EmbedPlaceholder({
  kind,
  embed,
  title,
  details,
  preview,
  previewSizes,
  consented = false,
  onLoad,
}: EmbedPlaceholderProps) {
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

  if (consented && frame) {
    return (
      <div className={`embed embed--${kindClass[kind]} embed--loaded`}>
        <Frame frame={frame} title={title || t('embedUntitled', { provider })} />
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
            {/* aria-disabled rather than disabled keeps the button focusable, so its reason is announced. */}
            <button
              type="button"
              className="button embed__load"
              aria-disabled={onLoad ? undefined : true}
              aria-describedby={onLoad ? noteId : `${noteId} ${hintId}`}
              onClick={onLoad}
            >
              {t('embedLoad')}
            </button>
            {!onLoad && (
              <p className="embed__hint" id={hintId}>
                {t('embedConsentHint')}
              </p>
            )}
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
