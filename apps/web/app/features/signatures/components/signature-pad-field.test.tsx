import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { PAD_HEIGHT, SignaturePadField } from './signature-pad-field.tsx';

// jsdom draws nothing: signature_pad is replaced by a stand-in that records what the wrapper asks of it.
const pads = vi.hoisted(() => [] as FakePad[]);
type FakePad = EventTarget & {
  canvas: HTMLCanvasElement;
  empty: boolean;
  clear: ReturnType<typeof vi.fn>;
  redraw: ReturnType<typeof vi.fn>;
  off: ReturnType<typeof vi.fn>;
  isEmpty: () => boolean;
  toDataURL: ReturnType<typeof vi.fn>;
};
vi.mock('signature_pad', () => ({
  default: class extends EventTarget {
    canvas: HTMLCanvasElement;
    empty = true;
    clear = vi.fn(() => {
      this.empty = true;
    });
    redraw = vi.fn();
    off = vi.fn();
    toDataURL = vi.fn(() => 'data:image/png;base64,iVBORw0KGgo=');
    constructor(canvas: HTMLCanvasElement) {
      super();
      this.canvas = canvas;
      pads.push(this as unknown as FakePad);
    }
    isEmpty() {
      return this.empty;
    }
  },
}));

const scale = vi.fn();
beforeEach(() => {
  pads.length = 0;
  scale.mockClear();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ scale }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 358 } as DOMRect);
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 3 });
});
afterEach(() => {
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 1 });
});

function renderPad() {
  const onChange = vi.fn();
  const view = render(
    <MantineProvider>
      <SignaturePadField label="Draw your signature" onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange, ...view };
}

/** The one pad the wrapper made. */
function thePad(): FakePad {
  const pad = pads[0];
  if (!pad) throw new Error('no signature pad was made');
  return pad;
}

/** A finished stroke, as signature_pad reports it. */
function drawStroke(pad: FakePad) {
  pad.empty = false;
  pad.dispatchEvent(new Event('endStroke'));
}

describe('SignaturePadField', () => {
  it('sizes the canvas to its container in device pixels, for a sharp drawing on a phone', () => {
    renderPad();
    const canvas = screen.getByRole('img', { name: 'Signature drawing area' }) as HTMLCanvasElement;
    expect(canvas.width).toBe(358 * 3);
    expect(canvas.height).toBe(PAD_HEIGHT * 3);
    expect(canvas.style.width).toBe('358px');
    expect(scale).toHaveBeenCalledWith(3, 3);
    expect(pads).toHaveLength(1);
    expect(pads[0]?.canvas).toBe(canvas);
  });

  it('hands over a PNG data URL after each stroke, and null once cleared', async () => {
    const { onChange } = renderPad();
    const pad = thePad();
    drawStroke(pad);
    expect(pad.toDataURL).toHaveBeenCalledWith('image/png');
    expect(onChange).toHaveBeenLastCalledWith('data:image/png;base64,iVBORw0KGgo=');

    await userEvent.click(screen.getByRole('button', { name: 'Clear signature' }));
    expect(pad.clear).toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('tells keyboard users to type instead, and stops listening when it goes away', async () => {
    const { unmount, container } = renderPad();
    expect(screen.getByRole('img', { name: 'Signature drawing area' })).toHaveAccessibleDescription(
      /Using a keyboard\? Choose Type instead/,
    );
    expect(screen.getByRole('group', { name: 'Draw your signature' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
    const pad = thePad();
    unmount();
    expect(pad.off).toHaveBeenCalled();
  });
});
