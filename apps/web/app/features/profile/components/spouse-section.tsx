import { SimpleGrid, Stack, Text } from '@mantine/core';
import { spouseBodySchema, type SpouseBody } from '@taxfirm/contract';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { useContractForm } from '../../../lib/form.ts';
import { useSpouse } from '../api/get-spouse.ts';
import { useSaveSpouse } from '../api/save-spouse.ts';
import { PersonFields, personItems } from './person-fields.tsx';
import { ProfileSection, SectionActions, useSectionSave } from './profile-section.tsx';

type SpouseInfo = NonNullable<NonNullable<ReturnType<typeof useSpouse>['data']>['sinfo']>;

function SpouseForm({ sinfo, close }: { sinfo: SpouseInfo | null; close: () => void }) {
  const form = useContractForm(spouseBodySchema, {
    defaultValues: {
      first_name: sinfo?.first_name ?? '',
      last_name: sinfo?.last_name ?? '',
      ssn: '',
      occupation: sinfo?.occupation ?? '',
      dob: sinfo?.dob ?? '',
      visa_type: sinfo?.visa_type ?? '',
    } satisfies SpouseBody,
  });
  const save = useSaveSpouse();
  const { onSubmit, saved, alert } = useSectionSave(form, save, (values) => values, close);
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit Spouse Info" tabIndex={-1}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PersonFields form={form} storedSsn={sinfo?.ssn} visa />
        </SimpleGrid>
        <SectionActions saving={save.isPending} saved={saved} error={alert} onCancel={close} />
      </Stack>
    </form>
  );
}

export function SpouseSection({ editable }: { editable: boolean }) {
  const query = useSpouse();
  const sinfo = query.data?.sinfo ?? null;
  return (
    <ProfileSection
      title="Spouse Info"
      editable={editable}
      query={query}
      view={
        sinfo ? (
          <DetailList
            items={[
              ...personItems(sinfo, {
                masked: sinfo.ssn,
                which: { section: 'spouse' },
                owner: "your spouse's",
              }),
              { label: 'Visa Type', value: sinfo.visa_type },
            ]}
          />
        ) : (
          <Text>No spouse details yet.</Text>
        )
      }
      form={(close) => <SpouseForm sinfo={sinfo} close={close} />}
    />
  );
}
