import React, { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';

interface Props {
  /** Names the carousel for assistive technology ("Bildergalerie"). */
  label: string;
  items: { key: string; content: ReactNode }[];
  className?: string;
}

function Arrow({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * A horizontal list that scrolls and snaps natively (touch, trackpad, arrow keys once focused), with previous and
 * next buttons. It never moves by itself (WCAG 2.2.2), so the slides need no live region. The carousel and each
 * slide are named groups, as WAI-ARIA's carousel pattern allows: a page may hold several carousels of one name, and
 * landmarks must be named apart (ADR 075).
 */
export function Carousel({ label, items, className }: Props) {
  const { t } = useTranslation('modules');
  const viewportId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  // Until measured (server render), assume there is more to the right whenever there are several items.
  const [edges, setEdges] = useState({ start: true, end: items.length <= 1 });

  const measure = useCallback(() => {
    const element = viewport.current;
    if (!element) return;
    const start = element.scrollLeft <= 1;
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    measure();
    const element = viewport.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  /** Scrolls to the neighbouring slide; smoothness comes from CSS, which drops it for reduced motion. */
  const step = (direction: 1 | -1) => {
    const element = viewport.current;
    if (!element) return;
    const slides = Array.from(element.querySelectorAll<HTMLElement>(':scope > .carousel__track > .carousel__slide'));
    if (slides.length === 0) return;
    const origin = slides[0].offsetLeft;
    const position = element.scrollLeft + origin;
    const target =
      direction > 0
        ? slides.find((slide) => slide.offsetLeft > position + 1)
        : [...slides].reverse().find((slide) => slide.offsetLeft < position - 1);
    if (target) element.scrollTo({ left: target.offsetLeft - origin });
  };

  const everythingVisible = edges.start && edges.end;
  return (
    <div
      className={['carousel', className].filter(Boolean).join(' ')}
      role="group"
      aria-roledescription={t('carousel')}
      aria-label={label}
    >
      <div className="carousel__controls" hidden={everythingVisible}>
        <button
          type="button"
          className="carousel__button"
          aria-controls={viewportId}
          aria-disabled={edges.start || undefined}
          onClick={() => step(-1)}
        >
          <Arrow direction="previous" />
          <span className="visually-hidden">{t('previousSlide')}</span>
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={viewportId}
          aria-disabled={edges.end || undefined}
          onClick={() => step(1)}
        >
          <Arrow direction="next" />
          <span className="visually-hidden">{t('nextSlide')}</span>
        </button>
      </div>
      {/* Focusable so keyboard users can scroll it with the arrow keys even when no slide holds a link. */}
      <div className="carousel__viewport" id={viewportId} ref={viewport} tabIndex={0} onScroll={measure}>
        <div className="carousel__track">
          {items.map((item, index) => (
            <div
              key={item.key}
              className="carousel__slide"
              role="group"
              aria-roledescription={t('slide')}
              aria-label={t('slideOf', { index: index + 1, count: items.length })}
            >
              {item.content}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
