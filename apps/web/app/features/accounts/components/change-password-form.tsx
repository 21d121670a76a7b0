import { changePasswordBodySchema, type ChangePasswordBody } from '@taxfirm/contract';
import { PasswordChangeForm } from '../../../components/ui/password-change-form.tsx';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: ChangePasswordBody = { oldpassword: '', password: '', confirmpassword: '' };

/** user/changepassword: old, new and confirm; other devices are signed out when it succeeds. */
export function ChangePasswordForm() {
  return (
    <PasswordChangeForm
      schema={changePasswordBodySchema}
      empty={EMPTY}
      change={useChangePassword()}
      label="Change Password"
      currentLabel="Old password"
      submitLabel="Submit"
    />
  );
}
