import { Box, Button, Group, Input, SegmentedControl } from '@mantine/core';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { inkBounds } from '../model/ink-bounds.ts';

/*
 * An image field marked as a signature: a pad to sign on with a mouse, a pen or a finger
 * (signature_pad: smooth variable-width strokes from pointer events, with the undo data we need;
 * a well-kept library rather than our own Bézier code). The signature is sent as any image value:
 * a PNG data: URI, ink on a transparent background, cropped to the ink so it fills the box.
 */

const INKS = { blue: '#1f3a93', black: '#111111' } as const;
type Ink = keyof typeof INKS;

/** Pixels of transparent margin kept around the ink, so a stroke's end is never clipped. */
const CROP_MARGIN = 4;
const PAD_HEIGHT_PX = 160;

/** The pad's drawing, cropped to its ink, as a PNG data: URI; '' for an empty pad. */
const signatureOf = (canvas: HTMLCanvasElement): string => {
  const context = canvas.getContext('2d');
  if (!context) return '';
  const { width, height } = canvas;
  const bounds = inkBounds(
    context.getImageData(0, 0, width, height).data,
    width,
    height,
    CROP_MARGIN,
  );
  if (!bounds) return '';
  const cropped = document.createElement('canvas');
  cropped.width = bounds.width;
  cropped.height = bounds.height;
  cropped
    .getContext('2d')
    ?.drawImage(
      canvas,
      bounds.x,
      bounds.y,
      bounds.width,
      bounds.height,
      0,
      0,
      bounds.width,
      bounds.height,
    );
  return cropped.toDataURL('image/png');
};

type SignatureInputProps = {
  label: string;
  value: unknown;
  description?: string | undefined;
  onChange: (value: string) => void;
};

/** The Form tab's input for a signature field: sign, undo the last stroke, clear, pick the ink. */
export const SignatureInput = ({ label, value, description, onChange }: SignatureInputProps) => {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [ink, setInk] = useState<Ink>('blue');
  const [isEmpty, setIsEmpty] = useState(true);
  // The latest callback and value, read by the pad's listener and on mount without re-binding.
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const startValue = useRef(value);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Drawn at the screen's pixel density, so the signature is sharp when printed.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = PAD_HEIGHT_PX * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: INKS.blue, minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const send = () => {
      setIsEmpty(pad.isEmpty());
      changeRef.current(signatureOf(canvas));
    };
    pad.addEventListener('endStroke', send);
    // The example payload's picture is no signature: the pad starts blank, and so does the value.
    if (startValue.current) changeRef.current('');
    return () => {
      pad.removeEventListener('endStroke', send);
      pad.off();
      padRef.current = null;
    };
  }, []);

  /** Redraws the strokes kept (after an undo or a new ink) and sends the result. */
  const redraw = (strokes: ReturnType<SignaturePad['toData']>) => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return;
    pad.fromData(strokes);
    setIsEmpty(pad.isEmpty());
    onChange(signatureOf(canvas));
  };

  const changeInk = (next: Ink) => {
    setInk(next);
    const pad = padRef.current;
    if (!pad) return;
    pad.penColor = INKS[next];
    redraw(pad.toData().map((stroke) => ({ ...stroke, penColor: INKS[next] })));
  };

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
          disabled={isEmpty}
          onClick={() => redraw(padRef.current?.toData().slice(0, -1) ?? [])}
        >
          Undo
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconEraser size={14} aria-hidden />}
          disabled={isEmpty}
          onClick={() => redraw([])}
        >
          Clear
        </Button>
        <SegmentedControl
          size="xs"
          aria-label={`Ink of ${label}`}
          value={ink}
          onChange={(next) => changeInk(next === 'black' ? 'black' : 'blue')}
          data={[
            { label: 'Blue ink', value: 'blue' },
            { label: 'Black ink', value: 'black' },
          ]}
        />
      </Group>
    </Input.Wrapper>
  );
};
