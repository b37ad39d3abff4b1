import React, { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { NavItem } from '../../../contract/schemas/content';
import { useFocusTrap } from '../../lib/hooks/use-focus-trap';
import { useScrollLock } from '../../lib/hooks/use-scroll-lock';
import { SmartLink } from './smart-link';

interface Props {
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  currentPath: string;
}

/**
 * Full-screen navigation (docs/product.md, Routes) at every width: highlighted items with expandable children, then the
 * secondary items marked for the burger menu. One submenu is open at a time, keyed by its url. A modal dialog: focus
 * moves in and stays in, Escape closes it and gives focus back to the burger button (use-focus-trap.ts).
 */
export function BurgerMenu({ open, onClose, items, currentPath }: Props) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const [openUrl, setOpenUrl] = useState<string | null>(null);
  useScrollLock(open);
  useFocusTrap(panel, open, onClose);

  const toggle = useCallback((url: string) => setOpenUrl((current) => (current === url ? null : url)), []);
  const highlighted = items.filter((item) => item.is_highlight);
  const secondary = items.filter((item) => !item.is_highlight && item.in_burger_menu);

  return (
    <div className={`burger${open ? ' burger--open' : ''}`} aria-hidden={!open}>
      <div
        ref={panel}
        id="burger-menu"
        className="burger__panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('burgerNavigation')}
        tabIndex={-1}
        // `inert` keeps the closed menu out of the tab order and the accessibility tree.
        {...(!open ? { inert: '' } : {})}
        onMouseDown={(event) => {
          // The screen is the menu's; a press on its free space, beside the navigation's column, is outside.
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <button type="button" className="burger__close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('closeMenu')}</span>
        </button>
        <div className="burger__body">
          <nav aria-label={t('burgerNavigation')}>
            <ul className="burger__primary">
              {highlighted.map((item) => {
                const expanded = openUrl === item.url;
                const submenuId = `submenu-${item.url.replace(/[^a-z0-9]+/gi, '-')}`;
                return (
                  <li key={item.url} className="burger__item">
                    <div className="burger__row">
                      <SmartLink
                        to={item.url}
                        className="burger__link"
                        onClick={onClose}
                        aria-current={item.url === currentPath ? 'page' : undefined}
                      >
                        {item.title}
                      </SmartLink>
                      {item.children.length > 0 && (
                        <button
                          type="button"
                          className="burger__toggle"
                          aria-expanded={expanded}
                          aria-controls={submenuId}
                          onClick={() => toggle(item.url)}
                        >
                          <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                          <span className="visually-hidden">{t('toggleSubmenu', { title: item.title })}</span>
                        </button>
                      )}
                    </div>
                    {item.children.length > 0 && (
                      <ul id={submenuId} className="burger__submenu" hidden={!expanded}>
                        {item.children.map((child) => (
                          <li key={child.url}>
                            <SmartLink
                              to={child.url}
                              className="burger__sublink"
                              onClick={onClose}
                              aria-current={child.url === currentPath ? 'page' : undefined}
                            >
                              {child.title}
                            </SmartLink>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
            {secondary.length > 0 && (
              <ul className="burger__secondary">
                {secondary.map((item) => (
                  <li key={item.url}>
                    <SmartLink to={item.url} className="burger__secondary-link" onClick={onClose}>
                      {item.title}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            )}
          </nav>
        </div>
      </div>
    </div>
  );
}
