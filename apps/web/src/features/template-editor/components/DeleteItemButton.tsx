import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { rectToCss } from '../geometry/page-geometry.ts';
import classes from './editor.module.css';

type DeleteItemButtonProps = {
  /** The item's rectangle on screen: the button sits just past its top-right corner. */
  css: ReturnType<typeof rectToCss>;
  label: string;
  onDelete: () => void;
};

/** The red delete button of a selected box or stamp (product.md#states-and-transitions). */
export const DeleteItemButton = ({ css, label, onDelete }: DeleteItemButtonProps) => (
  <ActionIcon
    className={classes.remove}
    style={{ left: css.left + css.width + 6, top: css.top - 12 }}
    size="sm"
    color="red"
    variant="filled"
    aria-label={label}
    data-no-drag
    // A press here must not start a drag of the item below.
    onPointerDown={(event) => event.stopPropagation()}
    onClick={onDelete}
  >
    <IconTrash size={14} aria-hidden />
  </ActionIcon>
);
