import { Button, Drawer, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ForgotForm } from './forgot-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type AccountView = 'login' | 'register' | 'forgot';

const TITLES: Record<AccountView, string> = {
  login: 'Login',
  register: 'Register',
  forgot: 'Forgot Password',
};

/** The login / register / forgot-password side panel, and the popup that confirms a reset e-mail. */
export function AccountPanel({
  view,
  onView,
  onClose,
  notice,
}: {
  view: AccountView | null;
  onView: (view: AccountView) => void;
  onClose: () => void;
  /** A message for the login view (e.g. after verifying an account). */
  notice?: string | null;
}) {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  return (
    <>
      <Drawer
        opened={view !== null}
        onClose={onClose}
        position="right"
        title={view ? TITLES[view] : ''}
        closeButtonProps={{ 'aria-label': 'Close panel' }}
        // Mantine draws the header as <header>, which would be a second banner landmark on the page.
        attributes={{ header: { role: 'none' } }}
      >
        {view === 'login' && (
          <LoginForm
            notice={notice ?? null}
            onForgot={() => onView('forgot')}
            onRegister={() => onView('register')}
            onDone={onClose}
          />
        )}
        {view === 'register' && <RegisterForm onLogin={() => onView('login')} onClose={onClose} />}
        {view === 'forgot' && (
          <ForgotForm
            onLogin={() => onView('login')}
            onSent={(message) => {
              onClose();
              setSentMessage(message);
            }}
          />
        )}
      </Drawer>
      <Modal
        opened={sentMessage !== null}
        onClose={() => setSentMessage(null)}
        title="Check your e-mail"
        centered
      >
        <Stack>
          <Text>{sentMessage}</Text>
          <Button onClick={() => setSentMessage(null)}>Close</Button>
        </Stack>
      </Modal>
    </>
  );
}
