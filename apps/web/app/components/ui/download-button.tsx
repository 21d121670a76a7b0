import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A link that downloads a file the server makes (a list's CSV, a report), drawn as a button. */
export function DownloadButton({ href, children = 'Download CSV' }: { href: string; children?: ReactNode }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
    >
      {children}
    </Button>
  );
}
