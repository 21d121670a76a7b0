import { Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import type { StaffProfile } from '@taxfirm/contract';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStaffProfile } from '../api/get-staff-profile.ts';
import { useRevealIdentity } from '../api/reveal-identity.ts';

/** A revealed number is hidden again after this long. */
const HIDE_AFTER_MS = 60_000;

/**
 * The client's tax profile, read-only: taxpayer, spouse, dependents and employers. Identity numbers show
 * their last four digits; Reveal asks the server for one number in full (each reveal is audited).
 */
export function ProfileSection({ clientId }: { clientId: string }) {
  const profile = useStaffProfile(clientId);
  return (
    <section aria-labelledby="profile-heading">
      <Stack gap="md">
        <Title order={2} id="profile-heading" fz="lg">
          Profile
        </Title>
        {profile.isPending && <Loader aria-label="Loading the profile" />}
        <ApiErrorAlert error={profile.error} />
        {profile.data && <ProfileView clientId={clientId} profile={profile.data} />}
      </Stack>
    </section>
  );
}

function ProfileView({ clientId, profile }: { clientId: string; profile: StaffProfile }) {
  const { tinfo, sinfo, dinfo, empinfo } = profile;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Fields
          title="Taxpayer"
          rows={
            tinfo
              ? [
                  ['Name', `${tinfo.first_name} ${tinfo.last_name}`],
                  [
                    'SSN/ITIN',
                    <IdentityNumber
                      key="ssn"
                      clientId={clientId}
                      masked={tinfo.ssnitin}
                      subject="taxpayer.ssn"
                      owner="the taxpayer's"
                    />,
                  ],
                  ['Date of birth', tinfo.dob],
                  ['Occupation', tinfo.occupation],
                  ['Filing status', tinfo.filling_status],
                  ['Email', tinfo.email],
                  ['Phone', tinfo.phone],
                  ['Alternate phone', tinfo.alterphone],
                  [
                    'Address',
                    [tinfo.address, tinfo.city_name, tinfo.state_name, tinfo.zip, tinfo.country_name]
                      .filter(Boolean)
                      .join(', ') || null,
                  ],
                  ['Health insurance', tinfo.insurence],
                  ['Current employer', tinfo.current_emp],
                  ['Location', tinfo.c_location],
                  ['Time zone', tinfo.time_zone],
                ]
              : []
          }
        />
        <Fields
          title="Spouse"
          rows={
            sinfo
              ? [
                  ['Name', `${sinfo.first_name} ${sinfo.last_name}`],
                  [
                    'SSN/ITIN',
                    <IdentityNumber
                      key="ssn"
                      clientId={clientId}
                      masked={sinfo.ssn}
                      subject="spouse.ssn"
                      owner="the spouse's"
                    />,
                  ],
                  ['Date of birth', sinfo.dob],
                  ['Occupation', sinfo.occupation],
                  ['Visa type', sinfo.visa_type],
                ]
              : []
          }
        />
      </SimpleGrid>
      <ListTable
        title="Dependents"
        headers={['Name', 'SSN/ITIN', 'Relationship', 'Date of birth', 'Visa type']}
        rows={dinfo.map((d) => ({
          key: d.id,
          cells: [
            `${d.first_name} ${d.last_name}`,
            <IdentityNumber
              key="ssn"
              clientId={clientId}
              masked={d.ssn}
              subject={`dependents.${d.id}.ssn`}
              owner={`${d.first_name} ${d.last_name}'s`}
            />,
            d.occupation ?? '—',
            d.dob ?? '—',
            d.visa_type ?? '—',
          ],
        }))}
      />
      <ListTable
        title="Employers and projects"
        headers={['Company', 'Client', 'Start', 'End']}
        rows={empinfo.map((e, index) => ({
          key: `${index}-${e.company_name}`,
          cells: [e.company_name, e.client_name, e.proj_start_date, e.proj_end_date],
        }))}
      />
    </Stack>
  );
}

function Fields({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm">Not given.</Text>
      ) : (
        <Table variant="vertical" withTableBorder aria-label={title}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w={150}>
                  {label}
                </Table.Th>
                <Table.Td>{value ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function ListTable({
  title,
  headers,
  rows,
}: {
  title: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm">None given.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ 'aria-label': title, tabIndex: 0 }}>
          <Table striped withTableBorder aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header) => (
                  <Table.Th key={header} scope="col">
                    {header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  {row.cells.map((cell, index) => (
                    <Table.Td key={headers[index]}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * A stored identity number, masked (•••-••-1234). Reveal is a deliberate action the server records; the
 * number hides again after a minute, or at once with Hide, and is then forgotten.
 */
function IdentityNumber({
  clientId,
  masked,
  subject,
  owner,
}: {
  clientId: string;
  masked: string | null;
  subject: string;
  owner: string;
}) {
  const reveal = useRevealIdentity();
  const [full, setFull] = useState<string | null>(null);
  const { reset } = reveal;
  const hide = useCallback(() => {
    setFull(null);
    reset();
  }, [reset]);
  useEffect(() => {
    if (full === null) return;
    const timer = window.setTimeout(hide, HIDE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [full, hide]);

  if (!masked) return <>—</>;
  const show = async () => {
    try {
      setFull((await reveal.mutateAsync({ client_id: clientId, subject })).value);
    } catch {
      // The message shows below.
    }
  };
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <Text span ff="monospace" aria-live="polite">
          {full ?? masked}
        </Text>
        {full === null ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconEye size={14} aria-hidden />}
            loading={reveal.isPending}
            onClick={() => void show()}
            aria-label={`Reveal ${owner} SSN/ITIN`}
          >
            Reveal
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconEyeOff size={14} aria-hidden />}
            onClick={hide}
            aria-label={`Hide ${owner} SSN/ITIN`}
          >
            Hide
          </Button>
        )}
      </Group>
      {reveal.error && (
        <Text c="red.8" fz="sm" role="alert">
          {errorMessage(reveal.error)}
        </Text>
      )}
    </Stack>
  );
}
