import { Container, Stack, Text, Title } from '@mantine/core';
import { SettingsPage } from '../../features/staff-settings/components/settings-form.tsx';

export function meta() {
  return [{ title: 'Settings · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffSettings() {
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} c="navy.9">
            Settings
          </Title>
          <Text c="gray.8">
            The firm's details, links, home popup, tax years and file-number format. The public site shows a
            change as soon as it is saved.
          </Text>
        </div>
        <SettingsPage />
      </Stack>
    </Container>
  );
}
