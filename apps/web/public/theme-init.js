/* global window, document, URLSearchParams */
/*
 * Runs in <head> before the first paint (the CSP forbids inline scripts, so it is a file).
 * ?theme=dark|light is stored as the preference; the stored preference (default dark, product.md#constants)
 * is applied to <html> so the first frame already has the right colours.
 */
(function () {
  var key = 'data-theme-version';
  var scheme = 'dark';
  try {
    var asked = new URLSearchParams(window.location.search).get('theme');
    if (asked === 'dark' || asked === 'light') window.localStorage.setItem(key, asked);
    if (window.localStorage.getItem(key) === 'light') scheme = 'light';
  } catch {
    // Storage can be unavailable (private mode): keep the default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.documentElement.style.colorScheme = scheme;
})();
