import { Badge, type BadgeProps } from '@mantine/core';
import {
  publicationLabel,
  type PublicationLabel,
  type PublicationState,
} from './publication-label.ts';

const COLORS: Record<PublicationLabel['tone'], string> = {
  draft: 'gray.7',
  published: 'teal',
  changed: 'yellow',
};

/** `Draft`, `v3` or `v3 · unpublished changes`, on template cards and the template header. */
export const PublicationBadge = ({
  state,
  ...props
}: { state: PublicationState } & Omit<BadgeProps, 'children' | 'color'>) => {
  const label = publicationLabel(state);
  // Filled, text colour chosen for contrast: the light variant is under 4.5:1 on white.
  return (
    <Badge
      variant="filled"
      color={COLORS[label.tone]}
      autoContrast
      radius="sm"
      tt="none"
      data-testid="publication-badge"
      {...props}
    >
      {label.text}
    </Badge>
  );
};
