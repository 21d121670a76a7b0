import { Anchor, Box, Button, FileButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { documentRule } from '@taxfirm/contract';
import { useRef } from 'react';
import {
  IconCamera,
  IconFileUpload,
  IconCircleCheck,
  IconFileText,
  IconPhoto,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { formatFileSize } from '../../../lib/file-size.ts';

/** A file chosen for a slot, before and while it is sent. */
export type PendingFile = {
  id: string;
  file: File;
  /** Null until the preview is ready (the spec's 1 second); then an image's object URL, or 'file'. */
  preview: string | null;
  /** Share sent while uploading; null otherwise. */
  progress: number | null;
  error: string | null;
};

/** The picker's filter: by type, and by extension for a Word file the system gives no type. */
const PICKER_ACCEPT = Object.fromEntries(
  documentRule.types.map((type) => [
    type,
    documentRule.extensions.filter((ext) => extensionType(ext) === type),
  ]),
);

function extensionType(ext: string): string {
  return (
    {
      '.jpg': 'image/jpeg',
      '.jpeg': 'image/jpeg',
      '.png': 'image/png',
      '.pdf': 'application/pdf',
      '.doc': 'application/msword',
      '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    }[ext] ?? ''
  );
}

const isImage = (type: string) => type === 'image/jpeg' || type === 'image/png';

function SlotFrame({ number, children }: { number: number; children: React.ReactNode }) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={`Slot ${number}`}
      style={{ listStyle: 'none' }}
    >
      <Text fz="xs" fw={600} c="gray.8" mb={6}>
        Slot {number}
      </Text>
      {children}
    </Paper>
  );
}

/** An empty slot: drop a file on it, click it to choose one, or take a photo on a phone. */
export function EmptySlot({
  number,
  disabled,
  onFile,
  onRefused,
}: {
  number: number;
  disabled: boolean;
  onFile: (file: File) => void;
  onRefused: (file: File) => void;
}) {
  const openPicker = useRef<() => void>(null);
  return (
    <SlotFrame number={number}>
      <Stack gap={6}>
        <Dropzone
          openRef={openPicker}
          // One file per slot: of several dropped at once, the first is taken.
          onDrop={(files) => files[0] && onFile(files[0])}
          onReject={(rejections) => rejections[0] && onRefused(rejections[0].file)}
          accept={PICKER_ACCEPT}
          multiple={false}
          disabled={disabled}
          // The keyboard uses the Choose button below; the zone takes drops and clicks.
          activateOnKeyboard={false}
          data-testid={`dropzone-${number}`}
          p="md"
          radius="md"
        >
          <Group gap="xs" justify="center" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconUpload size={20} aria-hidden />
            <Text fz="sm">Drop a file here or click to choose</Text>
          </Group>
        </Dropzone>
        <Group gap="xs" justify="center">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFileUpload size={14} aria-hidden />}
            onClick={() => openPicker.current?.()}
            disabled={disabled}
            aria-label={`Choose a file for slot ${number}`}
          >
            Choose a file
          </Button>
          <FileButton
            onChange={(file) => file && onFile(file)}
            accept="image/jpeg,image/png"
            capture="environment"
          >
            {(props) => (
              <Button
                {...props}
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCamera size={14} aria-hidden />}
                disabled={disabled}
                aria-label={`Take a photo for slot ${number}`}
              >
                Take a photo
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </SlotFrame>
  );
}

/** A slot's red action at its foot (Remove a chosen file, Delete a stored one), named for its file. */
function SlotAction({
  label,
  name,
  onClick,
  disabled,
}: {
  label: string;
  name: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button
        variant="subtle"
        color="red"
        c="red.9"
        size="compact-sm"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onClick}
        disabled={disabled}
        aria-label={name}
      >
        {label}
      </Button>
    </Group>
  );
}

/** A chosen file: its preview after a second, its progress while sent, and Remove before that. */
export function SelectedSlot({
  number,
  pending,
  busy,
  onRemove,
}: {
  number: number;
  pending: PendingFile;
  busy: boolean;
  onRemove: () => void;
}) {
  const { file, preview, progress, error } = pending;
  return (
    <SlotFrame number={number}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="center">
          <Box w={56} h={56} style={{ flex: 'none', display: 'grid', placeItems: 'center' }}>
            {preview === null ? (
              <Text fz="xs" c="gray.8">
                Preparing preview…
              </Text>
            ) : preview !== 'file' ? (
              <Image src={preview} alt={`Preview of ${file.name}`} w={56} h={56} fit="cover" radius="sm" />
            ) : isImage(file.type) ? (
              <IconPhoto size={36} aria-hidden />
            ) : (
              <IconFileText size={36} aria-hidden />
            )}
          </Box>
          <div style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600} truncate="end">
              {file.name}
            </Text>
            <Text fz="xs" c="gray.8">
              {formatFileSize(file.size)} · {file.type || 'unknown type'}
            </Text>
          </div>
        </Group>
        {progress !== null && (
          <Progress value={Math.round(progress * 100)} aria-label={`Uploading ${file.name}`} size="md" />
        )}
        {error && (
          <Text fz="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <SlotAction
          label="Remove"
          name={`Remove ${file.name} from slot ${number}`}
          onClick={onRemove}
          disabled={busy}
        />
      </Stack>
    </SlotFrame>
  );
}

/** A stored document: its name (a download link), size, and Delete. */
export function StoredSlot({
  number,
  name,
  size,
  uploadedBy,
  href,
  busy,
  onDelete,
}: {
  number: number;
  name: string;
  size: number;
  /** Who of the household uploaded it (issue 38); absent for a file only its holder signs in to. */
  uploadedBy?: string | undefined;
  href: string;
  busy: boolean;
  onDelete: () => void;
}) {
  return (
    <SlotFrame number={number}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck
            size={28}
            color="var(--mantine-color-green-8)"
            aria-hidden
            style={{ flex: 'none' }}
          />
          <div style={{ minWidth: 0 }}>
            <Anchor href={href} fz="sm" fw={600} underline="always" style={{ wordBreak: 'break-all' }}>
              {name}
            </Anchor>
            <Text fz="xs" c="gray.8">
              {uploadedBy ? `Uploaded by ${uploadedBy}` : 'Uploaded'} · {formatFileSize(size)}
            </Text>
          </div>
        </Group>
        <SlotAction label="Delete" name={`Delete ${name}`} onClick={onDelete} disabled={busy} />
      </Stack>
    </SlotFrame>
  );
}
