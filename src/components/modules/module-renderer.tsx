import React, { type ReactElement, useRef } from 'react';
import type { Module } from '../../../contract/schemas/content';
import { useReveal } from '../../lib/hooks/use-reveal';
import { useEditorSlots } from '../editor-gate/editor-slots';
import { AudioModule } from './audio';
import { FaqModule } from './faq';
import { FullTeaserModule } from './full-teaser';
import { HeadlineModule } from './headline';
import { ImageModule } from './image';
import { ImageListModule } from './image-list';
import { LinkModule } from './link';
import { LogoListModule } from './logo-list';
import { NextConcertsModule } from './next-concerts';
import { QuoteModule } from './quote';
import { SocialMediaModule } from './social-media';
import { TeaserListModule } from './teaser-list';
import { TextModule } from './text';
import { VideoModule } from './video';
import { VideoListModule } from './video-list';
import { ViewerModule } from './viewer';

/** A new module type fails to compile here; data of a type this build does not know renders nothing. */
const unknownModule = (_module: never) => null;

function moduleContent(module: Module): ReactElement | null {
  switch (module.type) {
    case 'headline':
      return <HeadlineModule module={module} />;
    case 'text':
      return <TextModule module={module} />;
    case 'link':
      return <LinkModule module={module} />;
    case 'image':
      return <ImageModule module={module} />;
    case 'faq':
      return <FaqModule module={module} />;
    case 'video':
      return <VideoModule module={module} />;
    case 'audio':
      return <AudioModule module={module} />;
    case 'viewer':
      return <ViewerModule module={module} />;
    case 'quote':
      return <QuoteModule module={module} />;
    case 'full_teaser':
      return <FullTeaserModule module={module} />;
    case 'teaser_list':
      return <TeaserListModule module={module} />;
    case 'image_list':
      return <ImageListModule module={module} />;
    case 'video_list':
      return <VideoListModule module={module} />;
    case 'social_media':
      return <SocialMediaModule module={module} />;
    case 'logo_list':
      return <LogoListModule module={module} />;
    case 'next_concerts':
      return <NextConcertsModule module={module} />;
    default:
      return unknownModule(module);
  }
}

/**
 * One module in its wrapper: the anchor editors set becomes the id (for `#anchor` links), and
 * `data-module-type` lets the editor and the end-to-end tests find modules by type. Modules below the fold
 * reveal themselves when scrolled into view (`data-reveal`, ADR 014).
 */
export function ModuleRenderer({ module }: { module: Module }) {
  const ref = useRef<HTMLDivElement>(null);
  // In edit mode modules stand still: the editor's controls sit on them, and edits re-render them.
  const reveal = useReveal(ref, useEditorSlots() === null);
  const content = moduleContent(module);
  if (!content) return null;
  return (
    <div
      ref={ref}
      data-reveal={reveal}
      className={`module module--${module.type.replace(/_/g, '-')}`}
      id={module.anchor || undefined}
      data-module-type={module.type}
    >
      {content}
    </div>
  );
}
