import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The portal's and the console's top bar, after the skip link to the page's main landmark. */
export function AppHeader({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Box component="header" bg="navy.9" c="white" py="sm">
        <Container size="xl">
          <Group justify="space-between" wrap="wrap" gap="sm">
            {children}
          </Group>
        </Container>
      </Box>
    </>
  );
}
