/**
 * Keeps Gatsby's `.cache` and `public` between Netlify builds, so a rebuild after an editor's save is incremental
 * (ADR 022). Gatsby's own Netlify adapter did this; our adapter replaces it and leaves caching to this plugin.
 * A local `netlify build` (NETLIFY_LOCAL) keeps the folders where they are, so nothing is moved away.
 */
const folders = ['.cache', 'public'];

module.exports = {
  async onPreBuild({ utils }) {
    if (process.env.NETLIFY_LOCAL) return;
    const restored = await utils.cache.restore(folders);
    console.log(restored ? 'Restored the Gatsby cache: this build is incremental.' : 'No Gatsby cache yet: building fresh.');
  },
  // After the deploy is uploaded, so moving the folders into the cache cannot take them from the deploy.
  async onSuccess({ utils }) {
    if (process.env.NETLIFY_LOCAL) return;
    const saved = await utils.cache.save(folders, { move: true });
    console.log(saved ? 'Stored the Gatsby cache for the next build.' : 'No Gatsby build output to cache.');
  },
};
