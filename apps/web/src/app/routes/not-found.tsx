import { Center } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { NotFound } from '../../components/feedback/NotFound.tsx';

export default function NotFoundRoute() {
  useDocumentTitle('Page not found · Platen');
  return (
    <Center component="main" mih="100dvh">
      <NotFound order={1} />
    </Center>
  );
}
