/**
 * A link to a record of this site stored as a reference (ADR 034): `page:12` or `event:34`. The content
 * server turns it into the record's current address in each language wherever it assembles modules, so a link
 * follows a renamed page or an event whose slug changes. Typed addresses keep the link rule (ADR 026).
 *
 * Plain code without imports, so the server and the editor both use it.
 */

export const linkReferenceKinds = ['page', 'event'] as const;
export type LinkReferenceKind = (typeof linkReferenceKinds)[number];

/** A reference: a kind, a colon and an id of at least 1 (at most ten digits), nothing else. */
export const referencePattern = '(?:page|event):[1-9][0-9]{0,9}';
const pattern = /^(page|event):([1-9][0-9]{0,9})$/;

export interface LinkReference {
  kind: LinkReferenceKind;
  id: number;
}

export function parseLinkReference(value: unknown): LinkReference | undefined {
  if (typeof value !== 'string') return undefined;
  const match = pattern.exec(value);
  return match ? { kind: match[1] as LinkReferenceKind, id: Number(match[2]) } : undefined;
}

export const isLinkReference = (value: unknown): value is string => parseLinkReference(value) !== undefined;

export const linkReference = (kind: LinkReferenceKind, id: number) => `${kind}:${id}`;

/** The response field beside a link field that carries the stored reference: `link` → `link_ref`. */
export const referenceField = (field: string) => `${field}_ref`;
