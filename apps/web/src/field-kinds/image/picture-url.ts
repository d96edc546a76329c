/**
 * Whether the page may show this picture: the Content-Security-Policy lets in data: and blob:
 * pictures only. An https:// one is fetched by the server when it generates the PDF.
 */
export const isShowablePicture = (value: string): boolean =>
  /^data:image\//i.test(value) || /^blob:/i.test(value);

/**
 * An image field's typed address, judged as the server will judge it (image-source.ts: https://
 * only), so the Form tab says what is wrong under the input instead of after Generate.
 */
export const pictureUrlProblem = (text: string): string | null => {
  const typed = text.trim();
  if (typed === '') return null;
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return 'Not a web address: give it whole, like https://example.com/picture.png.';
  }
  if (url.protocol !== 'https:')
    return 'Only https:// addresses are fetched, not http:// or others.';
  if (url.hostname === '') return 'Not a web address: it names no host.';
  return null;
};

/**
 * True while the typing may still become an https:// address ("htt", "https:/"): not yet told off,
 * so the message does not flash at each keystroke. An "http://" is past that point at once.
 */
export const isStillTyping = (text: string): boolean => {
  const typed = text.trim().toLowerCase();
  return 'https://'.startsWith(typed);
};
