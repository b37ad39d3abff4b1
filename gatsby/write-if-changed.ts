import { promises as fs } from 'node:fs';

/**
 * Writes `file` only when its content changes, so an unchanged rebuild leaves the build's generated files (and their
 * modification times, which our server and the CDN's deploy compare) alone. Resolves whether it wrote.
 */
export async function writeIfChanged(file: string, content: string): Promise<boolean> {
  const current = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (current === content) return false;
  await fs.writeFile(file, content);
  return true;
}
