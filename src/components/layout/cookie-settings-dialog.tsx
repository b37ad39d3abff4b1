import React, { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../lib/hooks/use-focus-trap';

/**
 * What the footer's cookie-settings link opens until the consent manager lands: an honest statement of what is
 * stored (only necessary cookies) and that media embeds stay blocked.
 */
export function CookieSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, open, onClose);
  if (!open) return null;
  return (
    <div className="modal" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={ref}
        className="modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cookie-dialog-title"
        tabIndex={-1}
      >
        <h2 id="cookie-dialog-title">{t('cookieDialogTitle')}</h2>
        <p>{t('cookieDialogText')}</p>
        <ul>
          <li>{t('cookieRequired')}</li>
          <li>{t('cookieMedia')}</li>
        </ul>
        <button type="button" className="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
