import { Box, Button, Group, Text } from '@mantine/core';
import { SIGNATURE_PNG_MAX_CHARS } from '@taxfirm/contract';
import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';

/** The drawing area's height in CSS pixels (its width follows the container). */
export const PAD_HEIGHT = 180;

/**
 * The canvas as a PNG data URL; a drawing whose PNG would be longer than the server takes (a very high-DPI
 * screen) is exported once more at one pixel per CSS pixel.
 */
export function exportPng(pad: SignaturePad, canvas: HTMLCanvasElement, ratio: number): string {
  const png = pad.toDataURL('image/png');
  if (png.length <= SIGNATURE_PNG_MAX_CHARS || ratio <= 1) return png;
  const small = document.createElement('canvas');
  small.width = Math.round(canvas.width / ratio);
  small.height = Math.round(canvas.height / ratio);
  small.getContext('2d')?.drawImage(canvas, 0, 0, small.width, small.height);
  return small.toDataURL('image/png');
}

/**
 * A signature drawn with a finger, a stylus or the mouse (signature_pad on a canvas sized to its container
 * and sharp on high-DPI screens). `onChange` gets the PNG data URL after every stroke, and null once cleared.
 * A canvas cannot be drawn on with the keyboard: the instructions say so, and the signing form offers Type.
 */
export function SignaturePadField({
  label,
  onChange,
  error,
}: {
  label: string;
  onChange: (png: string | null) => void;
  error?: string | null;
}) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const ratio = useRef(1);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const element = canvas.current;
    const box = container.current;
    if (!element || !box) return;
    const signaturePad = new SignaturePad(element, { penColor: '#0b1f3a', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = signaturePad;
    const onEnd = () => {
      report.current(signaturePad.isEmpty() ? null : exportPng(signaturePad, element, ratio.current));
    };
    signaturePad.addEventListener('endStroke', onEnd);

    // Size the canvas to the container, in device pixels, and draw the strokes again (a resize clears it).
    let width = 0;
    const resize = () => {
      const next = Math.round(box.getBoundingClientRect().width) || 300;
      if (next === width) return;
      width = next;
      ratio.current = Math.max(window.devicePixelRatio || 1, 1);
      element.width = next * ratio.current;
      element.height = PAD_HEIGHT * ratio.current;
      element.style.width = `${next}px`;
      element.style.height = `${PAD_HEIGHT}px`;
      element.getContext('2d')?.scale(ratio.current, ratio.current);
      signaturePad.redraw();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(box);
    return () => {
      observer.disconnect();
      signaturePad.removeEventListener('endStroke', onEnd);
      signaturePad.off();
      pad.current = null;
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    report.current(null);
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <Text id={`${id}-label`} fw={600} fz="sm">
        {label}
      </Text>
      <Text id={`${id}-help`} fz="sm" c="gray.8" mb={4}>
        Sign inside the box with your finger, a stylus or the mouse. Using a keyboard? Choose Type instead.
      </Text>
      <Box
        ref={container}
        style={{
          border: `2px solid var(--mantine-color-${error ? 'red-8' : 'gray-6'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
          overflow: 'hidden',
          maxWidth: '100%',
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label="Signature drawing area"
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          style={{ display: 'block', touchAction: 'none', height: PAD_HEIGHT }}
        />
      </Box>
      {error && (
        <Text id={`${id}-error`} c="red.8" fz="sm" mt={4}>
          {error}
        </Text>
      )}
      <Group mt="xs">
        <Button variant="default" size="compact-sm" onClick={clear}>
          Clear signature
        </Button>
      </Group>
    </div>
  );
}
