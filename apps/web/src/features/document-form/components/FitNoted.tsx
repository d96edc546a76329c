import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FitNote } from '../model/fit-notes.ts';
import classes from './FitNoted.module.css';

const ATTRIBUTE = 'data-fit-label';

/** A field's input with, after a Generate, what happened to its value in the PDF under it. */
export const FitNoted = ({
  label,
  note,
  children,
}: {
  label: string;
  note: FitNote | undefined;
  children: ReactNode;
}) => (
  <div {...{ [ATTRIBUTE]: label }}>
    {children}
    {note && (
      <Text
        size="sm"
        mt={4}
        c={note.didNotFit ? undefined : 'dimmed'}
        fw={note.didNotFit ? 500 : undefined}
        className={note.didNotFit ? classes.didNotFit : undefined}
        role="status"
        data-testid="fit-note"
      >
        <IconAlertTriangle
          size={14}
          aria-hidden
          style={{ verticalAlign: '-2px', marginRight: 4 }}
        />
        {note.text}
      </Text>
    )}
  </div>
);

/** Brings a field's input into view and puts the caret in it, so the user can shorten the value. */
const showField = (label: string) => {
  const wrapper = document.querySelector(`[${ATTRIBUTE}="${CSS.escape(label)}"]`);
  if (!wrapper) return;
  wrapper.scrollIntoView({ block: 'center' });
  wrapper.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button')?.focus({
    preventScroll: true,
  });
};

/** Under Generate: how many fields did not print whole, with a link to the first of them. */
export const FitSummary = ({ summary, first }: { summary: string; first: string | undefined }) => (
  <Alert
    color="orange"
    variant="light"
    icon={<IconAlertTriangle size={18} aria-hidden />}
    data-testid="fit-summary"
  >
    <Text size="sm">
      {summary} in the PDF just made.{' '}
      {first !== undefined && (
        <Anchor component="button" type="button" size="sm" onClick={() => showField(first)}>
          Show “{first}”
        </Anchor>
      )}
    </Text>
  </Alert>
);
