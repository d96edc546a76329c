/** What copying needs from the browser; passed in so the fallbacks can be tested without one. */
export type CopyEnvironment = {
  clipboard?: Pick<Clipboard, 'writeText'>;
  document: Pick<Document, 'createElement' | 'execCommand' | 'body'>;
};

const browserEnvironment = (): CopyEnvironment => ({
  // Absent outside secure contexts (plain http on another host than localhost).
  clipboard: window.isSecureContext ? navigator.clipboard : undefined,
  document,
});

/**
 * The old way, for pages the Clipboard API is not offered to: copy the selection of a hidden
 * textarea. execCommand is deprecated but still the only synchronous copy that browsers honour.
 */
const copyThroughSelection = (text: string, doc: CopyEnvironment['document']): boolean => {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.append(area);
  try {
    area.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
};

/**
 * Puts text on the clipboard and says whether it got there: the Clipboard API when the page may
 * use it, else (or when it refuses) the hidden-textarea fallback.
 */
export const copyText = async (
  text: string,
  env: CopyEnvironment = browserEnvironment(),
): Promise<boolean> => {
  if (env.clipboard) {
    try {
      await env.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, document not focused): the fallback may still work.
    }
  }
  return copyThroughSelection(text, env.document);
};
