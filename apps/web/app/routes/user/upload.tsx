import { UploadPage } from '../../features/documents/components/upload-page.tsx';
import { useContactDetails } from '../../features/site-chrome/api/get-site-settings.ts';

export function meta() {
  return [{ title: 'Document Upload' }, { name: 'robots', content: 'noindex' }];
}

export default function Upload() {
  const contact = useContactDetails();
  return <UploadPage supportEmail={contact?.email || null} />;
}
