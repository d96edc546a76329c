import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { AceJsonViewProps } from './AceJsonView.tsx';

const AceJsonView = lazy(() => import('./AceJsonView.tsx'));

/** The Ace JSON view, downloaded only when a screen shows it. */
export const LazyAceJsonView = (props: AceJsonViewProps) => (
  <Suspense fallback={<Skeleton h={props.height ?? 320} radius="md" />}>
    <AceJsonView {...props} />
  </Suspense>
);
