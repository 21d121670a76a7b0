import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  PasswordInput,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  fileProblem,
  MESSAGES,
  OPEN_ITEM_STATUSES,
  REQUEST_MAX_FILES,
  requestFileRule,
  type RequestFile,
  type RequestItem,
  type RequestItemStatus,
} from '@taxfirm/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import {
  uploadRequestFiles,
  useMarkLater,
  useMarkNotApplicable,
  useRefreshRequests,
  useUnlockRequestFile,
} from '../api/requests.ts';
import { tomorrowDay } from './checklist-headline.ts';
import { ItemActionForm } from './item-action-form.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';
import { PlainList } from '../../../components/ui/plain-list.tsx';

/** "Scan pages", loaded only when asked for so the checklist's first load stays small. */
const ScanPages = lazy(async () => ({ default: (await import('./scan-pages.tsx')).ScanPages }));

const STATUS_COLORS: Record<RequestItemStatus, string> = {
  requested: 'blue',
  uploaded: 'yellow',
  accepted: 'green',
  rejected: 'red',
  not_applicable: 'gray',
  later: 'violet',
};

const isOpen = (status: RequestItemStatus) => (OPEN_ITEM_STATUSES as readonly string[]).includes(status);

const PERSON_LABELS = { taxpayer: 'You', spouse: 'Your spouse', dependent: 'Your dependent' } as const;

function personOf(item: RequestItem): string | null {
  if (!item.person) return null;
  if (item.person === 'dependent' && item.person_name) return item.person_name;
  return PERSON_LABELS[item.person];
}

type Panel = 'none' | 'not_applicable' | 'later' | 'scan';

/**
 * One checklist item: what it is and whose, its state (the rejection reason first when there is one), its
 * files, its history (collapsed), and what the client can do: upload, scan pages, "Doesn't apply" and
 * "I'll send it by…". Every action is off when the checklist is read-only.
 */
export function RequestItemCard({ item, editable }: { item: RequestItem; editable: boolean }) {
  const headingId = useId();
  const refresh = useRefreshRequests();
  const [panel, setPanel] = useState<Panel>('none');
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Locked PDFs just uploaded: their password form opens at once.
  const [askFor, setAskFor] = useState<ReadonlySet<string>>(new Set());

  const busy = progress !== null;
  const canUpload = editable && item.status !== 'accepted' && !busy;
  const canDefer = editable && isOpen(item.status) && !busy;

  /** Check and send files for this item; the refusal's words when it fails, else null. */
  const send = async (files: readonly File[]): Promise<string | null> => {
    setMessage(null);
    setProblem(null);
    if (files.length === 0) return null;
    const refuse = (text: string) => {
      setProblem(text);
      return text;
    };
    if (files.length > REQUEST_MAX_FILES)
      return refuse(`Choose at most ${REQUEST_MAX_FILES} files at a time.`);
    for (const file of files) {
      const refusal = fileProblem(requestFileRule, file);
      if (refusal) return refuse(`${file.name}: ${refusal}`);
    }
    setProgress(0);
    try {
      const answer = await uploadRequestFiles(item.item_id, files, setProgress);
      setAskFor(new Set(answer.locked.map((l) => l.document_id)));
      setMessage(answer.locked.length > 0 ? MESSAGES.REQUEST_PDF_LOCKED : answer.message);
      setPanel('none');
      await refresh();
      return null;
    } catch (error) {
      return refuse(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const person = personOf(item);
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={headingId}
      // The target of links to this item (`#item-<id>`: "Print, sign and upload instead").
      id={`item-${item.item_id}`}
      tabIndex={-1}
      style={{ scrollMarginTop: 16 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} fz="lg" id={headingId}>
              {item.title}
            </Title>
            <Text fz="sm" c="gray.8">
              {item.type_label}
              {person ? ` · ${person}` : ''}
              {item.required ? '' : ' · optional'}
            </Text>
          </div>
          <Badge
            color={STATUS_COLORS[item.status]}
            // The light badge's own text shade is too pale on its tint (WCAG AA): dark text on every tint.
            c="dark.9"
            variant="light"
            size="lg"
            radius="sm"
          >
            {item.status_label}
          </Badge>
        </Group>

        {item.status === 'rejected' && item.reason && (
          <Alert color="red" title="Please send it again">
            {item.reason}
          </Alert>
        )}
        {item.status === 'not_applicable' && item.reason && <Text fz="sm">Reason: {item.reason}</Text>}
        {item.status === 'later' && item.later_date && (
          <Text fz="sm">You said you will send it by {formatDate(`${item.later_date}T12:00:00`)}.</Text>
        )}
        {item.note && <Text fz="sm">Note from the firm: {item.note}</Text>}

        {item.files.length > 0 && (
          <PlainList gap={4} aria-label={`Files for ${item.title}`}>
            {item.files.map((file) => (
              <li key={file.document_id}>
                <FileRow file={file} editable={editable} askAtOnce={askFor.has(file.document_id)} />
              </li>
            ))}
          </PlainList>
        )}

        {progress !== null && (
          <Progress value={Math.round(progress * 100)} aria-label={`Uploading files for ${item.title}`} />
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <SuccessAlert message={message} />

        <Group gap="xs" wrap="wrap">
          <FileButton
            onChange={(files) => void send(files)}
            accept={requestFileRule.extensions.join(',')}
            multiple
            disabled={!canUpload}
            inputProps={{ 'aria-label': `Choose files for ${item.title}` }}
          >
            {(props) => (
              <Button {...props} disabled={!canUpload}>
                Upload
              </Button>
            )}
          </FileButton>
          <Button
            variant="default"
            disabled={!canUpload}
            aria-expanded={panel === 'scan'}
            onClick={() => setPanel(panel === 'scan' ? 'none' : 'scan')}
          >
            Scan pages
          </Button>
          <Button
            variant="default"
            disabled={!canDefer}
            aria-expanded={panel === 'not_applicable'}
            onClick={() => setPanel(panel === 'not_applicable' ? 'none' : 'not_applicable')}
          >
            Doesn&apos;t apply
          </Button>
          <Button
            variant="default"
            disabled={!canDefer}
            aria-expanded={panel === 'later'}
            onClick={() => setPanel(panel === 'later' ? 'none' : 'later')}
          >
            I&apos;ll send it by…
          </Button>
        </Group>

        {editable && panel === 'scan' && (
          <Suspense fallback={<Loader size="sm" role="status" aria-label="Opening the scanner" />}>
            <ScanPages
              itemTitle={item.title}
              // Scan pages keeps the photos and shows the refusal when the upload fails.
              onDone={async (pdf) => {
                const refusal = await send([pdf]);
                if (refusal) throw new Error(refusal);
              }}
              onCancel={() => setPanel('none')}
            />
          </Suspense>
        )}
        {editable && panel === 'not_applicable' && (
          <NotApplicableForm item={item} onClose={() => setPanel('none')} onDone={setMessage} />
        )}
        {editable && panel === 'later' && (
          <LaterForm item={item} onClose={() => setPanel('none')} onDone={setMessage} />
        )}

        {item.events.length > 0 && (
          <details>
            <summary>History ({item.events.length})</summary>
            <ul>
              {item.events.map((event, i) => (
                <li key={i}>
                  <Text fz="sm" span>
                    {formatDateTime(event.at)} · {event.by}: {event.action.replace(/_/g, ' ')}
                    {event.reason ? ` (${event.reason})` : ''}
                  </Text>
                </li>
              ))}
            </ul>
          </details>
        )}
      </Stack>
    </Card>
  );
}

/** A received file: its download link, and for a password-protected PDF the password form (or "Not now"). */
function FileRow({
  file,
  editable,
  askAtOnce,
}: {
  file: RequestFile;
  editable: boolean;
  askAtOnce: boolean;
}) {
  const [asking, setAsking] = useState(askAtOnce);
  const unlock = useUnlockRequestFile();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const submit = async () => {
    setDone(null);
    const answer = await unlock.mutateAsync({ document_id: file.document_id, password });
    setPassword('');
    setAsking(false);
    setDone(answer.message);
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Anchor href={file.download_url} underline="always">
          Download {file.name}
        </Anchor>
        <Text fz="sm" c="gray.8" span>
          {formatFileSize(file.size)} · {formatDate(file.uploaded_at)}
        </Text>
        {file.locked && (
          <Badge color="orange" variant="light" radius="sm">
            locked
          </Badge>
        )}
        {file.locked && editable && !asking && (
          <Button size="compact-sm" variant="subtle" onClick={() => setAsking(true)}>
            Enter its password
          </Button>
        )}
      </Group>
      {file.locked && editable && asking && (
        <ItemActionForm
          label={`Unlock ${file.name}`}
          submitLabel="Unlock"
          cancelLabel="Not now"
          pending={unlock.isPending}
          error={unlock.error}
          onSubmit={submit}
          onCancel={() => setAsking(false)}
        >
          <Text fz="sm">{MESSAGES.REQUEST_PDF_LOCKED}</Text>
          <PasswordInput
            label={`Password for ${file.name}`}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="off"
            required
          />
        </ItemActionForm>
      )}
      <SuccessAlert message={done} />
    </Stack>
  );
}

type FormProps = { item: RequestItem; onClose: () => void; onDone: (message: string) => void };

function NotApplicableForm({ item, onClose, onDone }: FormProps) {
  const mark = useMarkNotApplicable();
  const [reason, setReason] = useState('');
  const submit = async () => {
    const answer = await mark.mutateAsync({ item_id: item.item_id, reason: reason.trim() || undefined });
    onDone(answer.message);
    onClose();
  };
  return (
    <ItemActionForm
      label={`${item.title} doesn't apply`}
      submitLabel="Confirm: doesn't apply"
      pending={mark.isPending}
      error={mark.error}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Textarea
        label="Why doesn't it apply? (optional)"
        value={reason}
        maxLength={500}
        autosize
        minRows={2}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
    </ItemActionForm>
  );
}

function LaterForm({ item, onClose, onDone }: FormProps) {
  const mark = useMarkLater();
  const min = tomorrowDay();
  const [date, setDate] = useState(item.later_date && item.later_date >= min ? item.later_date : '');
  const submit = async () => {
    const answer = await mark.mutateAsync({ item_id: item.item_id, date });
    onDone(answer.message);
    onClose();
  };
  return (
    <ItemActionForm
      label={`When you will send ${item.title}`}
      submitLabel="Save date"
      pending={mark.isPending}
      error={mark.error}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        type="date"
        label="I'll send it by"
        min={min}
        value={date}
        required
        onChange={(e) => setDate(e.currentTarget.value)}
      />
    </ItemActionForm>
  );
}
