import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowAutofitWidth, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { clampZoom, ZOOM } from '../geometry/page-geometry.ts';

export type ZoomSetting = 'fit' | number;

type ZoomControlProps = {
  zoom: number;
  setting: ZoomSetting;
  onChange: (next: ZoomSetting) => void;
};

/** Fit width, or 50–200 % in 10 % steps. */
export const ZoomControl = ({ zoom, setting, onChange }: ZoomControlProps) => (
  <Group gap={4} wrap="nowrap" aria-label="Zoom" role="group">
    <Tooltip label="Zoom out">
      <ActionIcon
        variant="default"
        aria-label="Zoom out"
        disabled={zoom <= ZOOM.min}
        onClick={() => onChange(clampZoom(zoom - ZOOM.step))}
      >
        <IconZoomOut size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
    <Text size="sm" w={48} ta="center" data-testid="zoom-level" aria-live="polite">
      {Math.round(zoom * 100)} %
    </Text>
    <Tooltip label="Zoom in">
      <ActionIcon
        variant="default"
        aria-label="Zoom in"
        disabled={zoom >= ZOOM.max}
        onClick={() => onChange(clampZoom(zoom + ZOOM.step))}
      >
        <IconZoomIn size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
    <Button
      size="compact-sm"
      variant={setting === 'fit' ? 'light' : 'default'}
      leftSection={<IconArrowAutofitWidth size={14} aria-hidden />}
      onClick={() => onChange('fit')}
    >
      Fit width
    </Button>
  </Group>
);
