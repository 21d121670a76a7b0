import { SimpleGrid, Stack, Text } from '@mantine/core';
import { spouseBodySchema, type SpouseBody } from '@taxfirm/contract';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { FormMaskedField } from '../../../components/ui/form-masked-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useContractForm } from '../../../lib/form.ts';
import { useSpouse } from '../api/get-spouse.ts';
import { useSaveSpouse } from '../api/save-spouse.ts';
import { ssnDescription } from './fields.ts';
import { ProfileSection, SectionActions, useSectionSave } from './profile-section.tsx';
import { SsnValue } from './ssn-value.tsx';

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
          <FormTextField form={form} name="first_name" label="First Name" withAsterisk autoComplete="off" />
          <FormTextField form={form} name="last_name" label="Last Name" withAsterisk autoComplete="off" />
          <FormMaskedField
            form={form}
            name="ssn"
            label="SSN/ITIN"
            kind="ssn"
            description={ssnDescription(sinfo?.ssn)}
          />
          <FormTextField form={form} name="occupation" label="Occupation" autoComplete="off" />
          <FormMaskedField
            form={form}
            name="dob"
            label="Date of Birth"
            kind="date"
            description="MM-DD-YYYY"
          />
          <FormTextField form={form} name="visa_type" label="Visa Type" autoComplete="off" />
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
              { label: 'First Name', value: sinfo.first_name },
              { label: 'Last Name', value: sinfo.last_name },
              {
                label: 'SSN/ITIN',
                value: sinfo.ssn && (
                  <SsnValue masked={sinfo.ssn} which={{ section: 'spouse' }} owner="your spouse's" />
                ),
              },
              { label: 'Occupation', value: sinfo.occupation },
              { label: 'Date of Birth', value: sinfo.dob },
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
