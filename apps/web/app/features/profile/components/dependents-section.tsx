import { SimpleGrid, Stack } from '@mantine/core';
import { MAX_DEPENDENTS, saveDependentsBodySchema, type SaveDependentsBody } from '@taxfirm/contract';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { useContractForm } from '../../../lib/form.ts';
import { useDependents } from '../api/get-dependents.ts';
import { useSaveDependents } from '../api/save-dependents.ts';
import { PersonFields, personItems } from './person-fields.tsx';
import { ProfileSection, SectionActions, useSectionSave } from './profile-section.tsx';
import { RowCards, RowList } from './row-list.tsx';

type Dependent = NonNullable<ReturnType<typeof useDependents>['data']>['dinfo'][number];
type Row = SaveDependentsBody['dependentinfo'][number];

const EMPTY_ROW: Row = { first_name: '', last_name: '', ssn: '', occupation: '', dob: '', visa_type: '' };

function DependentsForm({ dinfo, close }: { dinfo: readonly Dependent[]; close: () => void }) {
  // The stored numbers as the form opened (the hint under each row's field).
  const [stored] = useState(() => new Map(dinfo.map((d) => [d.id, d.ssn])));
  const form = useContractForm(saveDependentsBodySchema, {
    // Messages come with Submit: validating on blur would flag every empty field of a row just added.
    mode: 'onSubmit',
    defaultValues: {
      dependentinfo:
        dinfo.length > 0
          ? dinfo.map((d) => ({
              id: d.id,
              first_name: d.first_name,
              last_name: d.last_name,
              ssn: '',
              occupation: d.occupation ?? '',
              dob: d.dob ?? '',
              visa_type: d.visa_type ?? '',
            }))
          : [EMPTY_ROW],
    },
  });
  // The generated row key is named "key": the rows carry their own stored "id".
  const rows = useFieldArray({ control: form.control, name: 'dependentinfo', keyName: 'key' });
  const save = useSaveDependents();
  const { onSubmit, saved, alert } = useSectionSave(form, save, (values) => values, close);
  const { errors } = form.formState;
  const rowErrors = errors.dependentinfo;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit Dependents" tabIndex={-1}>
      <Stack gap="lg">
        <RowList
          noun="Dependent"
          rows={rows.fields}
          max={MAX_DEPENDENTS}
          addLabel="Add Dependent"
          onAdd={() => rows.append(EMPTY_ROW)}
          onRemove={rows.remove}
          error={rowErrors?.message ?? rowErrors?.root?.message}
          renderRow={(i) => {
            const storedSsn = stored.get(rows.fields[i]?.id ?? '');
            return (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PersonFields
                  form={form}
                  prefix={`dependentinfo.${i}.`}
                  storedSsn={storedSsn}
                  occupationLabel="Relationship"
                  visa
                />
              </SimpleGrid>
            );
          }}
        />
        <SectionActions saving={save.isPending} saved={saved} error={alert} onCancel={close} />
      </Stack>
    </form>
  );
}

export function DependentsSection({ editable }: { editable: boolean }) {
  const query = useDependents();
  const dinfo = query.data?.dinfo ?? [];
  return (
    <ProfileSection
      title="Dependents"
      editable={editable}
      query={query}
      view={
        <RowCards
          noun="Dependent"
          empty="No dependents added."
          rows={dinfo.map((d, index) => ({
            key: d.id,
            content: (
              <DetailList
                items={[
                  ...personItems(
                    d,
                    {
                      masked: d.ssn,
                      which: { section: 'dependent', id: d.id },
                      owner: `dependent ${index + 1}'s`,
                    },
                    'Relationship',
                  ),
                  { label: 'Visa Type', value: d.visa_type },
                ]}
              />
            ),
          }))}
        />
      }
      form={(close) => <DependentsForm dinfo={dinfo} close={close} />}
    />
  );
}
