import { Loader } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useConsents } from '../api/consents.ts';
import { ConsentsForm } from './consents-form.tsx';

/** The consents screen: asked after sign-in while an answer is needed, and reachable later to change it. */
export function ConsentsPage() {
  const consents = useConsents();
  const navigate = useNavigate();
  if (consents.error) return <ApiErrorAlert error={consents.error} />;
  if (!consents.data) return <Loader role="status" aria-label="Loading your consents" />;
  return (
    <ConsentsForm consents={consents.data} onSaved={() => void navigate(paths.user.dashboard.getHref())} />
  );
}
