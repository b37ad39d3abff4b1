/**
 * Repositories name the field of a refusal as their input has it (`new_path`, `email`); a hub call's client knows
 * its fields by the request part they came in (`body.new_path`), as the schema checks name them. This puts a
 * repository's refusal under `body.`, so every 4xx of a hub write names its field the same way.
 */
import { ContentError } from '../db/errors';

export async function inBody<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ContentError && error.field && !/^(body|params|query)\b/.test(error.field) && error.field !== 'id') {
      throw error.renamed(`body.${error.field}`);
    }
    throw error;
  }
}
