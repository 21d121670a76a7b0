import { UploadPage } from '../../features/documents/components/upload-page.tsx';
import { MemberRightNotice } from '../../features/household/components/member-right-notice.tsx';
import { useContactDetails } from '../../features/site-chrome/api/get-site-settings.ts';

export function meta() {
  return [{ title: 'Document Upload' }, { name: 'robots', content: 'noindex' }];
}

export default function Upload() {
  const contact = useContactDetails();
  return (
    <>
      {/* A household delegate without the right is told before trying (issue 38). */}
      <MemberRightNotice right="upload" />
      <UploadPage supportEmail={contact?.email || null} />
    </>
  );
}
