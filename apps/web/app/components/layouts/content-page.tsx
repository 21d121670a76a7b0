import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a public content page: a heading band with the page's one h1 and its lead sentence, then the
 * content in a readable column.
 */
export function ContentPage({
  title,
  lead,
  children,
  wide = false,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <>
      <Box bg="navy.0" py={{ base: 32, md: 48 }}>
        <Container size="xl">
          <Stack gap="sm" maw={820}>
            <Title order={1} c="navy.9" fz={{ base: 30, md: 40 }} lh={1.2}>
              {title}
            </Title>
            {lead && (
              <Text fz="lg" c="gray.8">
                {lead}
              </Text>
            )}
          </Stack>
        </Container>
      </Box>
      <Container size={wide ? 'xl' : 'md'} py={{ base: 32, md: 48 }}>
        {children}
      </Container>
    </>
  );
}
