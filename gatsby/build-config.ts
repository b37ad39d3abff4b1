/**
 * The build's configuration, validated once. Only GATSBY_* values reach the browser; everything here stays in
 * Node during the build.
 */
export interface BuildConfig {
  siteUrl: string;
  contentApiUrl: string;
}

export function readBuildConfig(env: NodeJS.ProcessEnv = process.env): BuildConfig {
  const problems: string[] = [];
  const siteUrl = env.SITE_URL ?? 'http://localhost:8000';
  const contentApiUrl = env.CONTENT_API_URL ?? `http://127.0.0.1:${env.PORT ?? '8000'}`;
  for (const [name, value] of Object.entries({ SITE_URL: siteUrl, CONTENT_API_URL: contentApiUrl })) {
    try {
      const url = new URL(value);
      if (!/^https?:$/.test(url.protocol)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
    } catch {
      problems.push(`${name} must be a URL, got "${value}"`);
    }
  }
  if (problems.length) throw new Error(`Invalid build configuration:\n- ${problems.join('\n- ')}`);
  return { siteUrl: siteUrl.replace(/\/+$/, ''), contentApiUrl };
}
