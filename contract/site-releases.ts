/**
 * How the site builder names the release folders of a published site and the server reads them (ADR 052): beside
 * the link `PUBLIC_DIR`, folders `<link name>.gen-<n>`, where `n` names one content only.
 */
const releaseName = /\.gen-(\d+)$/;

/** The folder of release `n` beside the link `live` (a path or a name). */
export const releaseFolder = (live: string, release: number) => `${live}.gen-${release}`;

/** The release number of a folder named as above, or undefined for any other folder. */
export function releaseOf(folder: string): number | undefined {
  const match = releaseName.exec(folder);
  return match ? Number(match[1]) : undefined;
}
