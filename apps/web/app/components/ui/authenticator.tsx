import { Alert, Button, Card, Code, List, Stack, Text, Title } from '@mantine/core';

/** The QR code and key an authenticator app is set up with (the client's security page, staff enrolment). */
export function AuthenticatorQr({ qrCode, secret }: { qrCode: string; secret: string }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg" c="navy.9">
        1. Scan this code with your app
      </Title>
      <img src={qrCode} alt="QR code to add your account to an authenticator app" width={200} height={200} />
      <Text fz="sm">
        Cannot scan it? Enter this key in the app instead: <Code data-testid="mfa-secret">{secret}</Code>
      </Text>
    </Stack>
  );
}

/** Recovery codes, shown once after two-step verification is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <Stack gap="sm">
        <Alert color="green" role="status">
          Two-step verification is on.
        </Alert>
        <Title order={2} fz="lg" c="navy.9">
          Save your recovery codes
        </Title>
        <Text fz="sm">
          If you lose your phone, each of these codes lets you log in once instead of an app code. Keep them
          somewhere safe: they are shown only now.
        </Text>
        <List data-testid="recovery-codes" spacing={4} ff="monospace">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </Stack>
    </Card>
  );
}
