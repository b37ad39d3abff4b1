/** Timing constants (docs/product.md, Constants), in one place. */
export const HASH_SCROLL_DELAY_MS = 1000;
export const HASH_SCROLL_OFFSET_PX = 130;
export const HASH_SCROLL_RETRY_MS = 250;
export const HASH_SCROLL_MAX_TRIES = 100;
export const PROGRESS_NOMINAL_MS = 5000;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_HIDE_MS = 500;
export const CHUNK_RELOAD_GUARD_MS = 60000;
