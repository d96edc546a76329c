/**
 * A code chunk that fails to load (the app was redeployed while the tab stayed open, so the old
 * file names are gone; or the connection dropped) is fixed by loading the page again. The app
 * does that once by itself; the time of that reload, kept for the tab's session, stops a loop
 * when the chunk keeps failing: the error page then offers Reload instead.
 */
const RELOADED_AT_KEY = 'chunk-reload-at';
/** A chunk failing again this soon after the automatic reload is not fixed by another one. */
const RELOAD_GUARD_MS = 60_000;

/** Chromium, Firefox and Safari word a failed import() each their own way; Vite adds its CSS. */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && CHUNK_ERROR.test(error.message);

const readReloadedAt = (): number => {
  try {
    return Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  } catch {
    return Date.now(); // no session storage: no way to guard, so no automatic reload
  }
};

/** Whether the page may reload for a failed chunk: not when it just did. */
export const mayReloadForChunk = (now = Date.now()): boolean =>
  now - readReloadedAt() >= RELOAD_GUARD_MS;

/** Loads the page again, recording when, so a chunk that keeps failing reloads only once. */
export const reloadForChunk = () => {
  try {
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return; // without the record there is no guard against a loop
  }
  window.location.reload();
};
