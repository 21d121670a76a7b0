import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  documentRule,
  fileProblem,
  KEY_NAME_MARKER,
  MESSAGES,
  UPLOAD_MESSAGE_MS,
  UPLOAD_SLOTS,
  type DocumentCategory,
} from '@taxfirm/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { GridList } from '../../../components/ui/grid-list.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { useDocuments, useRefreshDocuments } from '../api/get-documents.ts';
import { uploadDocument } from '../api/upload-document.ts';
import { EmptySlot, SelectedSlot, StoredSlot, type PendingFile } from './upload-slot.tsx';
import { LINKS_MAX_AGE_MS, renewWhenOld } from '../../../lib/short-lived-links.ts';

/** The spec's preview delay. */
const PREVIEW_DELAY_MS = 1000;
/** A delete's message shows this long (the spec's 1 second on delete). */
const DELETE_MESSAGE_MS = 1000;

/** The client's own file name, from a listed Key (after the marker). */
const nameOf = (key: string) => key.slice(key.indexOf(KEY_NAME_MARKER) + KEY_NAME_MARKER.length);

type Owner = { clientId: string; userId: string; category: DocumentCategory; uptId: number };

/**
 * One category's six slots: stored documents first, then files chosen and not yet sent, then empty slots.
 * Submit sends the chosen files one request each, so each has its own progress bar and outcome.
 */
export function CategoryPanel({
  owner,
  label,
  onBusyChange,
}: {
  owner: Owner;
  label: string;
  /** Told when sending starts and ends (the page keeps the client on this tab meanwhile). */
  onBusyChange: (busy: boolean) => void;
}) {
  const documents = useDocuments(owner.clientId, owner.category);
  const refresh = useRefreshDocuments(owner.clientId, owner.category);
  const remove = useDeleteDocument(owner.clientId, owner.category);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<{ text: string; ms: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Per chosen file: its preview timer and, once made, its image's object URL.
  const timers = useRef(new Map<string, number>());
  const urls = useRef(new Map<string, string>());

  useEffect(() => {
    const pendingTimers = timers.current;
    const objectUrls = urls.current;
    return () => {
      for (const timer of pendingTimers.values()) window.clearTimeout(timer);
      for (const url of objectUrls.values()) URL.revokeObjectURL(url);
    };
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), notice.ms);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const stored = documents.data?.data.Contents ?? [];
  const free = Math.max(0, UPLOAD_SLOTS - stored.length - pending.length);
  const update = (id: string, change: Partial<PendingFile>) =>
    setPending((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p)));

  const choose = (file: File) => {
    setRefusal(null);
    const problem = fileProblem(documentRule, file);
    // A refused file does not take the slot (the spec: the slot is cleared).
    if (problem) return setRefusal(problem);
    const id = crypto.randomUUID();
    setPending((list) => [...list, { id, file, preview: null, progress: null, error: null }]);
    const timer = window.setTimeout(() => {
      timers.current.delete(id);
      let preview = 'file';
      if (file.type === 'image/jpeg' || file.type === 'image/png') {
        preview = URL.createObjectURL(file);
        urls.current.set(id, preview);
      }
      update(id, { preview });
    }, PREVIEW_DELAY_MS);
    timers.current.set(id, timer);
  };

  /** Forget a chosen file: its slot, its pending preview, and its image's object URL. */
  const discard = (item: PendingFile) => {
    window.clearTimeout(timers.current.get(item.id));
    timers.current.delete(item.id);
    const url = urls.current.get(item.id);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(item.id);
    setPending((list) => list.filter((p) => p.id !== item.id));
  };

  const submit = async () => {
    setRefusal(null);
    setNotice(null);
    setUploading(true);
    onBusyChange(true);
    let sent = 0;
    for (const item of pending) {
      update(item.id, { progress: 0, error: null });
      try {
        await uploadDocument(owner, item.file, (share) => update(item.id, { progress: share }));
        discard(item);
        sent += 1;
      } catch (error) {
        // The progress resets; the slot keeps the file and says why the server refused it.
        update(item.id, { progress: null, error: errorMessage(error) });
      }
    }
    // The list first, then the slots open again: no empty slot shows for a file just stored.
    await refresh();
    setUploading(false);
    onBusyChange(false);
    if (sent > 0) setNotice({ text: MESSAGES.UPLOAD_SUCCESS, ms: UPLOAD_MESSAGE_MS });
  };

  const cancel = () => {
    for (const item of pending) discard(item);
    setRefusal(null);
  };

  const deleteStored = async (key: string) => {
    setNotice(null);
    try {
      const answer = await remove.mutateAsync({ uid: owner.userId, filename: key });
      setNotice({ text: answer.msg, ms: DELETE_MESSAGE_MS });
    } catch {
      // The alert below shows the refusal.
    }
  };

  let number = 0;
  const renew = renewWhenOld(documents, LINKS_MAX_AGE_MS);
  return (
    <Stack gap="md" onPointerEnter={renew} onFocusCapture={renew}>
      {documents.error ? <ApiErrorAlert error={documents.error} /> : null}
      <GridList cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" aria-label={`${label} slots`}>
        {stored.map((doc) => (
          <StoredSlot
            key={doc.Key}
            number={++number}
            name={nameOf(doc.Key)}
            size={doc.Size}
            uploadedBy={doc.uploaded_by}
            href={doc.location}
            busy={uploading || remove.isPending}
            onDelete={() => void deleteStored(doc.Key)}
          />
        ))}
        {pending.map((item) => (
          <SelectedSlot
            key={item.id}
            number={++number}
            pending={item}
            busy={uploading}
            onRemove={() => discard(item)}
          />
        ))}
        {Array.from({ length: free }, (_, i) => (
          <EmptySlot
            key={`empty-${i}`}
            number={++number}
            // Until the list is known, a slot may not really be free.
            disabled={uploading || !documents.isSuccess}
            onFile={choose}
            onRefused={(file) => setRefusal(fileProblem(documentRule, file) ?? MESSAGES.UPLOAD_WRONG_TYPE)}
          />
        ))}
      </GridList>
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
      <SuccessAlert message={notice?.text} />
      {stored.length >= UPLOAD_SLOTS && (
        <Text fz="sm" c="gray.8">
          All six slots are in use. Delete a document to upload another.
        </Text>
      )}
      <Group gap="sm">
        <Button onClick={() => void submit()} disabled={pending.length === 0 || uploading}>
          {uploading ? 'Uploading' : 'Submit'}
        </Button>
        <Button variant="default" onClick={cancel} disabled={pending.length === 0 || uploading}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
