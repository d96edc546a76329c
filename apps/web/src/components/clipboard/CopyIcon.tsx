import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { copyText } from '../../lib/copy-text.ts';
import { showToast } from '../feedback/toast.ts';

const COPIED_ICON_MS = 1500;

type CopyIconProps = {
  value: string;
  /** The button's name, e.g. 'Copy API key'. */
  label: string;
  /** What the toast names, e.g. 'API Key' → 'API Key copied to clipboard.' (product.md#errors). */
  what: string;
};

/**
 * A copy button that reports what really happened: product.md#errors's Success alert only once the text is
 * on the clipboard, an error when the browser refused it. Both are toasts: a dialog to dismiss
 * after every copy stood in the way.
 */
export const CopyIcon = ({ value, label, what }: CopyIconProps) => {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_ICON_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    const isDone = await copyText(value);
    setIsCopied(isDone);
    showToast(
      isDone
        ? { kind: 'success', title: 'Success', message: `${what} copied to clipboard.` }
        : {
            kind: 'error',
            title: 'Copy failed',
            message: `The browser did not allow copying the ${what}. Please copy it by hand.`,
          },
    );
  };

  return (
    <Tooltip label={isCopied ? 'Copied' : label} withArrow>
      <ActionIcon variant="subtle" aria-label={label} onClick={() => void copy()}>
        {isCopied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
};
