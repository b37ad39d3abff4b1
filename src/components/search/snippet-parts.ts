/**
 * A result's snippet (escaped HTML with `<mark>` around the matches, ADR 010) as text parts to render with React:
 * nothing in it is ever handed to the DOM as HTML, so only the marks can become elements.
 */

export interface SnippetPart {
  text: string;
  marked: boolean;
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]);

export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece) parts.push({ text: decode(piece), marked });
  }
  return parts;
}
