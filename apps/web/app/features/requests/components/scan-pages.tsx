import {
  ActionIcon,
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { REQUEST_MAX_UPLOAD_BYTES } from '@taxfirm/contract';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCamera,
  IconFileTypePdf,
  IconPhotoPlus,
  IconRotateClockwise,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ScanPage } from './scan-pdf.ts';

type Rotation = ScanPage['rotation'];
type PageImage = { id: number; file: File; url: string; type: ScanPage['type']; rotation: Rotation };

const ACCEPT = 'image/jpeg,image/png';
/** The longest side a page keeps: sharp enough to read a tax form, small enough for many pages. */
const MAX_EDGE = 2200;
const JPEG_QUALITY = 0.82;
const MAX_PAGES = 30;

const pagesText = (n: number) => (n === 1 ? '1 page' : `${n} pages`);

const isPageType = (type: string): type is ScanPage['type'] => type === 'image/jpeg' || type === 'image/png';

/**
 * A photo as a page's bytes: re-encoded as JPEG, at most MAX_EDGE pixels on its longest side and upright as the
 * camera meant it (EXIF orientation baked in), where the browser can draw it; the photo as taken otherwise.
 */
async function pageBytes(page: PageImage): Promise<Pick<ScanPage, 'bytes' | 'type'>> {
  if (typeof createImageBitmap === 'function' && typeof document !== 'undefined') {
    try {
      const bitmap = await createImageBitmap(page.file, { imageOrientation: 'from-image' });
      const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#fff'; // a transparent PNG becomes white paper, not black
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        bitmap.close();
        const blob = await new Promise<Blob | null>((resolve) =>
          canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
        );
        if (blob) return { bytes: new Uint8Array(await blob.arrayBuffer()), type: 'image/jpeg' };
      }
    } catch {
      // Fall through: the photo as it is.
    }
  }
  return { bytes: new Uint8Array(await page.file.arrayBuffer()), type: page.type };
}

/**
 * "Scan pages": the client takes or picks several photos, puts them in order, turns and removes them, and
 * uploads them as one PDF named after the request item. The PDF is built in the browser (pdf-lib, loaded only
 * when the client presses "Make PDF and upload").
 */
export function ScanPages({
  itemTitle,
  onDone,
  onCancel,
}: {
  itemTitle: string;
  onDone: (file: File) => Promise<void>;
  onCancel: () => void;
}) {
  const [pages, setPages] = useState<PageImage[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const nextId = useRef(1);
  /** The photos' object URLs still held; let go when a page is removed and when the scanner closes. */
  const liveUrls = useRef(new Set<string>());

  useEffect(() => {
    const held = liveUrls.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  const addFiles = (files: File[]) => {
    setError(null);
    const usable = files.filter((file) => isPageType(file.type));
    const room = MAX_PAGES - pages.length;
    const added = usable.slice(0, Math.max(0, room)).map((file): PageImage => {
      const url = URL.createObjectURL(file);
      liveUrls.current.add(url);
      return { id: nextId.current++, file, url, type: file.type as ScanPage['type'], rotation: 0 };
    });
    if (usable.length < files.length) setError('Only JPEG and PNG photos can be scanned into a PDF.');
    else if (added.length < usable.length) setError(`A scan holds at most ${MAX_PAGES} pages.`);
    if (added.length === 0) return;
    const total = pages.length + added.length;
    setPages([...pages, ...added]);
    setAnnouncement(`${pagesText(added.length)} added. ${pagesText(total)} in all.`);
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const page = pages[index];
    if (!page || to < 0 || to >= pages.length) return;
    const next = pages.filter((_, i) => i !== index);
    next.splice(to, 0, page);
    setPages(next);
    setAnnouncement(`Page ${index + 1} moved to position ${to + 1}.`);
  };

  const rotate = (index: number) => {
    const page = pages[index];
    if (!page) return;
    const rotation = ((page.rotation + 90) % 360) as Rotation;
    setPages(pages.map((p, i) => (i === index ? { ...p, rotation } : p)));
    setAnnouncement(`Page ${index + 1} rotated to ${rotation} degrees.`);
  };

  const remove = (index: number) => {
    const page = pages[index];
    if (!page) return;
    URL.revokeObjectURL(page.url);
    liveUrls.current.delete(page.url);
    const next = pages.filter((_, i) => i !== index);
    setPages(next);
    setAnnouncement(`Page ${index + 1} removed. ${pagesText(next.length)} left.`);
  };

  const upload = async () => {
    setError(null);
    try {
      setBusy('Preparing pages…');
      const prepared: ScanPage[] = [];
      for (const page of pages) prepared.push({ ...(await pageBytes(page)), rotation: page.rotation });
      setBusy('Making the PDF…');
      const { buildScanPdf, scanFileName } = await import('./scan-pdf.ts');
      const bytes = await buildScanPdf(prepared);
      if (bytes.byteLength > REQUEST_MAX_UPLOAD_BYTES) {
        throw new Error('The PDF is over 25 MB. Remove a page or two and upload the rest separately.');
      }
      const file = new File([bytes as Uint8Array<ArrayBuffer>], scanFileName(itemTitle), {
        type: 'application/pdf',
      });
      setBusy('Uploading…');
      setAnnouncement('Uploading the PDF.');
      await onDone(file);
      setAnnouncement('Uploaded.');
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : 'The PDF could not be made. Try again.';
      setError(message);
      setAnnouncement(message);
    } finally {
      setBusy(null);
    }
  };

  const pageCount = pagesText(pages.length);

  return (
    <Stack gap="sm" component="section" aria-labelledby="scan-pages-heading">
      <Text component="h3" fw={700} id="scan-pages-heading">
        Scan pages: {itemTitle}
      </Text>
      <Text fz="sm">
        Take a photo of each page in good light, or add photos you already have. Put them in order, turn any
        that are sideways, then make one PDF.
      </Text>
      <Group gap="xs">
        <FileButton
          onChange={addFiles}
          accept={ACCEPT}
          capture="environment"
          multiple
          inputProps={{ 'aria-label': 'Photos from the camera' }}
        >
          {(props) => (
            <Button {...props} leftSection={<IconCamera size={18} aria-hidden />} disabled={busy !== null}>
              Take a photo
            </Button>
          )}
        </FileButton>
        <FileButton
          onChange={addFiles}
          accept={ACCEPT}
          multiple
          inputProps={{ 'aria-label': 'Photos from the library' }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={18} aria-hidden />}
              disabled={busy !== null}
            >
              Add pages
            </Button>
          )}
        </FileButton>
      </Group>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {pages.length > 0 && (
        <SimpleGrid
          component="ol"
          cols={{ base: 2, xs: 3, md: 4 }}
          spacing="xs"
          aria-label={`Pages, ${pageCount}`}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {pages.map((page, index) => {
            const n = index + 1;
            return (
              <Paper component="li" key={page.id} withBorder p={6} radius="sm" aria-label={`Page ${n}`}>
                <Box
                  h={120}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    overflow: 'hidden',
                  }}
                >
                  <img
                    src={page.url}
                    alt={`Page ${n}${page.rotation ? `, turned ${page.rotation}°` : ''}`}
                    style={{
                      maxWidth: page.rotation % 180 ? 120 : '100%',
                      maxHeight: page.rotation % 180 ? '100%' : 120,
                      transform: `rotate(${page.rotation}deg)`,
                    }}
                  />
                </Box>
                <Text fz="xs" ta="center" mt={4} aria-hidden>
                  {n}
                </Text>
                <Group gap={2} justify="center" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`Move page ${n} earlier`}
                    disabled={index === 0 || busy !== null}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowLeft size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`Move page ${n} later`}
                    disabled={index === pages.length - 1 || busy !== null}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowRight size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`Rotate page ${n}`}
                    disabled={busy !== null}
                    onClick={() => rotate(index)}
                  >
                    <IconRotateClockwise size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove page ${n}`}
                    disabled={busy !== null}
                    onClick={() => remove(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {error && (
        <Alert color="red" role="alert" title="Not uploaded">
          {error}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          onClick={() => void upload()}
          disabled={pages.length === 0}
          loading={busy !== null}
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
        >
          Make PDF and upload{pages.length > 0 ? ` (${pageCount})` : ''}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={busy !== null}>
          Cancel
        </Button>
      </Group>
      {busy && (
        <Text fz="sm" aria-hidden>
          {busy}
        </Text>
      )}
    </Stack>
  );
}

export default ScanPages;
