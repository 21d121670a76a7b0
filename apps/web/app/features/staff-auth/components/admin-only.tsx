import { Alert } from '@mantine/core';
import type { StaffRole } from '@taxfirm/contract';
import type { ReactNode } from 'react';

/** Pages for admins only. The server refuses every admin call to anyone else; this only says so kindly. */
export function AdminOnly({ role, children }: { role: StaffRole | undefined; children: ReactNode }) {
  if (role === 'admin') return <>{children}</>;
  return (
    <Alert color="yellow" title="Admins only" role="alert">
      This page is for the firm&apos;s administrators. Ask an admin if you need a change here.
    </Alert>
  );
}
