import {
  Button,
  Card,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@platen/contract';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/feedback/EmptyState.tsx';
import { readPageParam, withPageParam } from '../../../lib/page-param.ts';
import { useTemplatePage } from '../api/list-templates.ts';
import { CreateTemplateModal } from './CreateTemplateModal.tsx';
import { TemplateCard } from './TemplateCard.tsx';

/**
 * product.md#screens-and-routes Templates list: a grid of cards with a pager (one-based here, in the URL's ?page=,
 * so Back and reload keep it, and on the wire; page size from the server) and the Create
 * Template modal.
 */
export const TemplatesPage = () => {
  const [params, setParams] = useSearchParams();
  const page = readPageParam(params);
  const setPage = (next: number) => setParams((old) => withPageParam(old, next));
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [isCreating, setIsCreating] = useState(false);
  const list = useTemplatePage(page, pageSize);
  const data = list.data;
  if (data && data.pageSize !== pageSize && data.pageSize > 0) setPageSize(data.pageSize);
  const lastPage = data ? Math.ceil(data.total / data.pageSize) : 0;
  useEffect(() => {
    // A page that no longer exists (templates deleted since the link was made): show the last.
    if (lastPage > 0 && page > lastPage) {
      setParams((old) => withPageParam(old, lastPage), { replace: true });
    }
  }, [lastPage, page, setParams]);
  // product.md#screens-and-routes: only items of type png are displayed.
  const templates = data?.templates.filter((template) => template.type === 'png') ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3">
            Templates
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {data ? `${data.total} in total` : 'Your PDF templates'}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setIsCreating(true)}
        >
          Create Template
        </Button>
      </Group>
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} aria-busy>
          {Array.from({ length: pageSize }, (_, index) => (
            <Skeleton key={index} h={300} radius="md" />
          ))}
        </SimpleGrid>
      ) : templates.length === 0 ? (
        <Card>
          <EmptyState
            icon={<IconFileText size={26} />}
            title="No templates available."
            description="Create a template from a PDF, then draw the fields to fill on its pages."
          />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }}>
          {templates.map((template) => (
            <TemplateCard key={template.templateName} template={template} />
          ))}
        </SimpleGrid>
      )}
      {lastPage > 1 && (
        <Group justify="center">
          <Pagination
            total={lastPage}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
      <CreateTemplateModal isOpen={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
};
