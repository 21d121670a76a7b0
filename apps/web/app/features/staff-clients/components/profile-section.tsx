import { Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { StaffProfile } from '@taxfirm/contract';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list.tsx';
import { IdentityNumber } from '../../../components/ui/identity-number.tsx';
import { useStaffProfile } from '../api/get-staff-profile.ts';
import { useRevealIdentity } from '../api/reveal-identity.ts';
import { staffStepUp } from '../../../components/ui/staff-step-up.ts';

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
        {profile.isPending && <Loader role="status" aria-label="Loading the profile" />}
        <ApiErrorAlert error={profile.error} />
        {profile.data && <ProfileView clientId={clientId} profile={profile.data} />}
      </Stack>
    </section>
  );
}

/** A person's first fields: name, SSN/ITIN (masked, revealed on request), date of birth and occupation. */
function personFields(
  clientId: string,
  person: { first_name: string; last_name: string; dob: ReactNode; occupation: ReactNode },
  masked: string | null | undefined,
  number: { subject: string; owner: string },
): DetailItem[] {
  return [
    { label: 'Name', value: `${person.first_name} ${person.last_name}` },
    {
      label: 'SSN/ITIN',
      value: masked && <ClientIdentityNumber clientId={clientId} masked={masked} {...number} />,
    },
    { label: 'Date of birth', value: person.dob },
    { label: 'Occupation', value: person.occupation },
  ];
}

function ProfileView({ clientId, profile }: { clientId: string; profile: StaffProfile }) {
  const { tinfo, sinfo, dinfo, empinfo } = profile;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Fields
          title="Taxpayer"
          items={
            tinfo && [
              ...personFields(clientId, tinfo, tinfo.ssnitin, {
                subject: 'taxpayer.ssn',
                owner: "the taxpayer's",
              }),
              { label: 'Filing status', value: tinfo.filling_status },
              { label: 'Email', value: tinfo.email },
              { label: 'Phone', value: tinfo.phone },
              { label: 'Alternate phone', value: tinfo.alterphone },
              {
                label: 'Address',
                value: [tinfo.address, tinfo.city_name, tinfo.state_name, tinfo.zip, tinfo.country_name]
                  .filter(Boolean)
                  .join(', '),
              },
              { label: 'Health insurance', value: tinfo.insurence },
              { label: 'Current employer', value: tinfo.current_emp },
              { label: 'Location', value: tinfo.c_location },
              { label: 'Time zone', value: tinfo.time_zone },
            ]
          }
        />
        <Fields
          title="Spouse"
          items={
            sinfo && [
              ...personFields(clientId, sinfo, sinfo.ssn, { subject: 'spouse.ssn', owner: "the spouse's" }),
              { label: 'Visa type', value: sinfo.visa_type },
            ]
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
            d.ssn ? (
              <ClientIdentityNumber
                key="ssn"
                clientId={clientId}
                masked={d.ssn}
                subject={`dependents.${d.id}.ssn`}
                owner={`${d.first_name} ${d.last_name}'s`}
              />
            ) : (
              '—'
            ),
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

/** One titled part of the profile. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One record under its title: a table named after it (a missing value reads "—"), or "Not given." */
function Fields({ title, items }: { title: string; items: DetailItem[] | null }) {
  return (
    <Part title={title}>
      {items ? (
        <DetailList layout="table" label={title} labelWidth={150} missing="—" items={items} />
      ) : (
        <Text fz="sm">Not given.</Text>
      )}
    </Part>
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
    <Part title={title}>
      {rows.length === 0 ? (
        <Text fz="sm">None given.</Text>
      ) : (
        <Table.ScrollContainer
          minWidth={560}
          scrollAreaProps={{ viewportProps: { 'aria-label': title, tabIndex: 0 } }}
        >
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
    </Part>
  );
}

/** A stored identity number, masked (•••-••-1234), with Reveal for one number in full (each reveal is audited). */
function ClientIdentityNumber({
  clientId,
  masked,
  subject,
  owner,
}: {
  clientId: string;
  masked: string;
  subject: string;
  owner: string;
}) {
  // Hiding forgets the number: the mutation's own copy of the answer too.
  const { mutateAsync, reset } = useRevealIdentity();
  return (
    <IdentityNumber
      masked={masked}
      owner={owner}
      reveal={async () => (await mutateAsync({ client_id: clientId, subject })).value}
      onHide={reset}
      stepUp={staffStepUp}
    />
  );
}
