import { staffChangePasswordBodySchema, type StaffChangePasswordBody } from '@taxfirm/contract';
import { FormCodeField } from '../../../components/ui/form-text-field.tsx';
import { PasswordChangeForm } from '../../../components/ui/password-change-form.tsx';
import { useChangeStaffPassword } from '../api/change-staff-password.ts';

const EMPTY: StaffChangePasswordBody = { oldpassword: '', code: '', password: '', confirmpassword: '' };

/**
 * A staff member changes their own password: the current password and a code from the authenticator app
 * prove it is them. Every other session ends; this browser goes on with a new one.
 */
export function StaffPasswordForm() {
  return (
    <PasswordChangeForm
      schema={staffChangePasswordBodySchema}
      empty={EMPTY}
      change={useChangeStaffPassword()}
      label="Change password"
      currentLabel="Current password"
      submitLabel="Change password"
      extraFields={(form) => (
        <FormCodeField
          form={form}
          name="code"
          label="Authenticator code"
          description="The 6-digit code your authenticator app shows now."
        />
      )}
    />
  );
}
