import { Center, Loader } from '@mantine/core';

/** Shown while a lazily loaded screen arrives. */
export const PageLoader = () => (
  <Center mih="40vh" role="status" aria-label="Loading">
    <Loader type="dots" />
  </Center>
);
