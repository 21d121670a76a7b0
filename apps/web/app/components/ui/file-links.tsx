import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { IconLink } from './icon-link.tsx';

/** A stored file's Preview link: opens it in a new tab; `label` is its accessible name. */
export function FilePreviewLink({ href, label }: { href: string; label: string }) {
  return (
    <IconLink
      icon={IconExternalLink}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      fz="sm"
      aria-label={label}
    >
      Preview
    </IconLink>
  );
}

/** A stored file's Download link, named "Download <the file's name>". */
export function FileDownloadLink({ href, name }: { href: string; name: string }) {
  return (
    <IconLink icon={IconDownload} href={href} fz="sm" aria-label={`Download ${name}`}>
      Download
    </IconLink>
  );
}
