import path from 'node:path';

/** Where visitors' form uploads live, outside PUBLIC_DIR: waiting for their entry (`tmp`), then with it (`entries`). */
export const uploadFolders = (dataDir: string) => ({
  tmp: path.join(dataDir, 'uploads', 'tmp'),
  entries: path.join(dataDir, 'uploads', 'entries'),
});
