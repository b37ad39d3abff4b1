import React from 'react';
import { brandColors } from '../../lib/brand';

/**
 * The icons and the web app manifest every page names (files made by scripts/make-icons.ts into static/). The ICO
 * says its size so browsers that read SVG icons take the sharper SVG instead.
 */
export const siteIconLinks = [
  <link key="icon-ico" rel="icon" href="/favicon.ico" sizes="32x32" />,
  <link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
  <link key="apple-touch-icon" rel="apple-touch-icon" href="/apple-touch-icon.png" />,
  <link key="manifest" rel="manifest" href="/manifest.webmanifest" />,
  <meta key="theme-color" name="theme-color" content={brandColors.accent} />,
];
