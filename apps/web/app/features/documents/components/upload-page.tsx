import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import {
  DEFAULT_UPLOAD_CATEGORY,
  DOCUMENT_CATEGORIES,
  STORAGE_KEYS,
  type DocumentCategory,
} from '@taxfirm/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSessionInfo } from '../../../lib/session.ts';
import { CategoryPanel } from './category-panel.tsx';

const isCategory = (value: string | null): value is DocumentCategory =>
  DOCUMENT_CATEGORIES.some((c) => c.category === value);

/** The tab remembered in `uploadedtype`, default W2. */
function rememberedTab(): DocumentCategory {
  const stored = window.localStorage.getItem(STORAGE_KEYS.uploadedType);
  return isCategory(stored) ? stored : DEFAULT_UPLOAD_CATEGORY;
}

/**
 * user/upload: a tab per document category, six slots each. The open tab is remembered while the client is
 * on the page (a reload reopens it) and reset to W2 when they leave it (the spec's `uploadedtype`).
 */
export function UploadPage({ supportEmail }: { supportEmail: string | null }) {
  const session = useSessionInfo();
  const [tab, setTab] = useState<DocumentCategory>(rememberedTab);
  // While a tab sends its files the others wait, so the upload and its outcome stay in view.
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    window.localStorage.setItem(STORAGE_KEYS.uploadedType, tab);
  }, [tab]);
  useEffect(() => () => window.localStorage.setItem(STORAGE_KEYS.uploadedType, DEFAULT_UPLOAD_CATEGORY), []);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Document Upload"
        description="Send us your tax documents by category: up to six per category. Accepted types: image (jpeg/png), pdf, doc."
      >
        <Text c="gray.8">
          Files up to 25 MB: use your{' '}
          <Anchor component={Link} to={paths.user.checklist.getHref()} underline="always">
            checklist&apos;s secure upload
          </Anchor>
          .
        </Text>
        <Text c="gray.8">
          A document over 6MB should be e-mailed to{' '}
          {supportEmail ? (
            <Anchor href={`mailto:${supportEmail}`} underline="always">
              {supportEmail}
            </Anchor>
          ) : (
            'our support address'
          )}
          .
        </Text>
      </PageHeader>
      <Tabs value={tab} onChange={(value) => isCategory(value) && setTab(value)} keepMounted={false}>
        <Tabs.List aria-label="Document categories">
          {DOCUMENT_CATEGORIES.map((c) => (
            <Tabs.Tab key={c.category} value={c.category} disabled={busy && c.category !== tab}>
              {c.tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {session &&
          DOCUMENT_CATEGORIES.map((c) => (
            <Tabs.Panel key={c.category} value={c.category} pt="lg">
              <CategoryPanel
                owner={{
                  clientId: session.clientId,
                  userId: session.userId,
                  category: c.category,
                  uptId: c.uptId,
                }}
                label={c.tab}
                onBusyChange={setBusy}
              />
            </Tabs.Panel>
          ))}
      </Tabs>
    </Stack>
  );
}
