import { SimpleGrid, Stack } from '@mantine/core';
import { MAX_EMPLOYERS, saveEmployersBodySchema, type SaveEmployersBody } from '@taxfirm/contract';
import { useFieldArray } from 'react-hook-form';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { FormMaskedField } from '../../../components/ui/form-masked-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useContractForm } from '../../../lib/form.ts';
import { useEmployers } from '../api/get-employers.ts';
import { useSaveEmployers } from '../api/save-employers.ts';
import { ProfileSection, SectionActions, useSectionSave } from './profile-section.tsx';
import { RowCards, RowList } from './row-list.tsx';

type Employer = NonNullable<ReturnType<typeof useEmployers>['data']>['empinfo'][number];
type Row = SaveEmployersBody['emploerinfo'][number];

const EMPTY_ROW: Row = { company_name: '', client_name: '', proj_start_date: '', proj_end_date: '' };

function EmployersForm({ empinfo, close }: { empinfo: readonly Employer[]; close: () => void }) {
  const form = useContractForm(saveEmployersBodySchema, {
    // Messages come with Submit: validating on blur would flag every empty field of a row just added.
    mode: 'onSubmit',
    defaultValues: { emploerinfo: empinfo.length > 0 ? empinfo.map((e) => ({ ...e })) : [EMPTY_ROW] },
  });
  const rows = useFieldArray({ control: form.control, name: 'emploerinfo', keyName: 'key' });
  const save = useSaveEmployers();
  const { onSubmit, saved, alert } = useSectionSave(form, save, (values) => values, close);
  const { errors } = form.formState;
  const rowErrors = errors.emploerinfo;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit Employer Info" tabIndex={-1}>
      <Stack gap="lg">
        <RowList
          noun="Employer"
          rows={rows.fields}
          max={MAX_EMPLOYERS}
          addLabel="Add Employer Info"
          onAdd={() => rows.append(EMPTY_ROW)}
          onRemove={rows.remove}
          error={rowErrors?.message ?? rowErrors?.root?.message}
          renderRow={(i) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FormTextField
                form={form}
                name={`emploerinfo.${i}.company_name`}
                label="Company Name"
                withAsterisk
                autoComplete="off"
              />
              <FormTextField
                form={form}
                name={`emploerinfo.${i}.client_name`}
                label="Client Name"
                withAsterisk
                autoComplete="off"
              />
              <FormMaskedField
                form={form}
                name={`emploerinfo.${i}.proj_start_date`}
                label="Project Start Date"
                kind="date"
                description="MM-DD-YYYY"
                required
              />
              <FormMaskedField
                form={form}
                name={`emploerinfo.${i}.proj_end_date`}
                label="Project End Date"
                kind="date"
                description="MM-DD-YYYY"
                required
              />
            </SimpleGrid>
          )}
        />
        <SectionActions saving={save.isPending} saved={saved} error={alert} onCancel={close} />
      </Stack>
    </form>
  );
}

export function EmployersSection({ editable }: { editable: boolean }) {
  const query = useEmployers();
  const empinfo = query.data?.empinfo ?? [];
  return (
    <ProfileSection
      title="Employer Info"
      editable={editable}
      query={query}
      view={
        <RowCards
          noun="Employer"
          empty="No employers added."
          rows={empinfo.map((e, index) => ({
            key: `${index}`,
            content: (
              <DetailList
                items={[
                  { label: 'Company Name', value: e.company_name },
                  { label: 'Client Name', value: e.client_name },
                  { label: 'Project Start Date', value: e.proj_start_date },
                  { label: 'Project End Date', value: e.proj_end_date },
                ]}
              />
            ),
          }))}
        />
      }
      form={(close) => <EmployersForm empinfo={empinfo} close={close} />}
    />
  );
}
