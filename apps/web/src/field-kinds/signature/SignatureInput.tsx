import { Box, Button, Group, Input, SegmentedControl } from '@mantine/core';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';
import { useRef } from 'react';
import { PAD_HEIGHT_PX, useSignaturePad } from './use-signature-pad.ts';

type SignatureInputProps = {
  label: string;
  value: unknown;
  description?: string | undefined;
  onChange: (value: string) => void;
};

/**
 * An image field marked as a signature in the Form tab (product.md#what-is-stored "Signature fields"): a pad
 * to sign on with a mouse, a pen or a finger, undo of the last stroke, clear, and the ink. The
 * signature is sent as any image value: a PNG data: URI, ink on a transparent background.
 */
export const SignatureInput = ({ label, value, description, onChange }: SignatureInputProps) => {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pad = useSignaturePad(canvasRef, typeof value === 'string' && value !== '', onChange);
  return (
    <Input.Wrapper
      label={label}
      description={description ?? 'Sign in the box with a mouse, a pen or a finger.'}
      inputWrapperOrder={['label', 'input', 'description']}
    >
      <Box
        mt={4}
        style={{
          border: '1px dashed var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-white)',
        }}
      >
        <canvas
          ref={canvasRef}
          aria-label={`Signature pad for ${label}`}
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: PAD_HEIGHT_PX, touchAction: 'none' }}
        />
      </Box>
      <Group gap="xs" mt={6}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          disabled={pad.isEmpty}
          onClick={pad.undo}
        >
          Undo
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconEraser size={14} aria-hidden />}
          disabled={pad.isEmpty}
          onClick={pad.clear}
        >
          Clear
        </Button>
        <SegmentedControl
          size="xs"
          aria-label={`Ink of ${label}`}
          value={pad.ink}
          onChange={(next) => pad.changeInk(next === 'black' ? 'black' : 'blue')}
          data={[
            { label: 'Blue ink', value: 'blue' },
            { label: 'Black ink', value: 'black' },
          ]}
        />
      </Group>
    </Input.Wrapper>
  );
};
