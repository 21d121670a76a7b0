import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { imageSize, jpegBytes } from '../../../testing/scan-images.ts';
import { ScanPages } from './scan-pages.tsx';

/** A JPEG photo file of the given size, as the camera or the library hands it over. */
function jpegFile(name: string, width: number, height: number): File {
  return new File([jpegBytes(width, height)], name, { type: 'image/jpeg' });
}

let urls: string[] = [];
let revoked: string[] = [];
beforeEach(() => {
  urls = [];
  revoked = [];
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:photo-${++n}`;
    urls.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url);
  });
});
afterEach(() => {
  // jsdom has neither; leave nothing behind for other files.
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function renderScan(onDone: (file: File) => Promise<void>, onCancel = vi.fn()) {
  const view = render(
    <MantineProvider>
      <ScanPages itemTitle="W-2 from Acme" onDone={onDone} onCancel={onCancel} />
    </MantineProvider>,
  );
  return {
    ...view,
    camera: screen.getByLabelText('Photos from the camera'),
    library: screen.getByLabelText('Photos from the library'),
    onCancel,
  };
}

describe('ScanPages', () => {
  it('takes photos from the camera and the library, in both cases several at once', () => {
    const { camera, library } = renderScan(vi.fn());
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(camera).toHaveAttribute('multiple');
    expect(library).not.toHaveAttribute('capture');
    expect(library).toHaveAttribute('multiple');
    expect(screen.getByRole('button', { name: /Make PDF and upload/ })).toBeDisabled();
  });

  it('adds three pages, reorders, rotates and removes them, and uploads one PDF named after the item', async () => {
    const user = userEvent.setup();
    let uploaded: File | null = null;
    const onDone = vi.fn(async (file: File) => {
      uploaded = file;
    });
    const { camera, library, unmount } = renderScan(onDone);

    await user.upload(camera, [jpegFile('a.jpg', 300, 400), jpegFile('b.jpg', 310, 410)]);
    await user.upload(library, jpegFile('c.jpg', 600, 200));
    const list = screen.getByRole('list', { name: 'Pages, 3 pages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('1 page added. 3 pages in all.');
    expect(screen.getByRole('button', { name: 'Move page 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move page 3 later' })).toBeDisabled();

    // c to the front: c, a, b.
    await user.click(screen.getByRole('button', { name: 'Move page 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Move page 2 earlier' }));
    expect(screen.getByRole('status')).toHaveTextContent('Page 2 moved to position 1.');
    expect(screen.getByRole('img', { name: 'Page 1' })).toHaveAttribute('src', 'blob:photo-3');
    // Turn c (wide) a quarter, so its page stands upright; then remove b.
    await user.click(screen.getByRole('button', { name: 'Rotate page 1' }));
    expect(screen.getByRole('status')).toHaveTextContent('Page 1 rotated to 90 degrees.');
    expect(screen.getByRole('img', { name: 'Page 1, turned 90°' })).toHaveStyle({
      transform: 'rotate(90deg)',
    });
    await user.click(screen.getByRole('button', { name: 'Remove page 3' }));
    expect(screen.getByRole('status')).toHaveTextContent('Page 3 removed. 2 pages left.');
    expect(revoked).toEqual(['blob:photo-2']);
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Make PDF and upload (2 pages)' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const file = uploaded as unknown as File;
    expect(file.name).toBe('W-2 from Acme.pdf');
    expect(file.type).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
    const pages = pdf.getPages();
    expect(pages.map(imageSize)).toEqual([
      [600, 200],
      [300, 400],
    ]);
    // Both upright (portrait): the wide photo because it was turned.
    for (const page of pages) expect(page.getHeight()).toBeGreaterThan(page.getWidth());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Uploaded.'));

    unmount();
    expect(revoked.sort()).toEqual(['blob:photo-1', 'blob:photo-2', 'blob:photo-3']);
  });

  it('shows the error the upload throws and lets the client try again', async () => {
    const user = userEvent.setup();
    const onDone = vi
      .fn<(file: File) => Promise<void>>()
      .mockRejectedValueOnce(new Error('The file is too large.'))
      .mockResolvedValueOnce();
    const { library } = renderScan(onDone);
    await user.upload(library, jpegFile('a.jpg', 100, 100));
    await user.click(screen.getByRole('button', { name: 'Make PDF and upload (1 page)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large.');
    const button = screen.getByRole('button', { name: 'Make PDF and upload (1 page)' });
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('refuses a file that is not a photo, and cancels', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { library, onCancel } = renderScan(vi.fn());
    await user.upload(library, new File(['%PDF-1.7'], 'x.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only JPEG and PNG photos can be scanned into a PDF.',
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
