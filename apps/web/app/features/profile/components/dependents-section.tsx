import { MAX_DEPENDENTS, saveDependentsBodySchema, type SaveDependentsBody } from '@taxfirm/contract';
import { useState } from 'react';
import { useContractForm } from '../../../lib/form.ts';
import { useDependents } from '../api/get-dependents.ts';
import { useSaveDependents } from '../api/save-dependents.ts';
import { PersonFields, personItems } from './person-fields.tsx';
import { ListSection, RowListForm } from './row-list.tsx';

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
  const save = useSaveDependents();
  return (
    <RowListForm
      label="Edit Dependents"
      form={form}
      name="dependentinfo"
      save={save}
      close={close}
      noun="Dependent"
      max={MAX_DEPENDENTS}
      addLabel="Add Dependent"
      emptyRow={EMPTY_ROW}
      renderRow={(i, row) => (
        <PersonFields
          form={form}
          prefix={`dependentinfo.${i}.`}
          storedSsn={stored.get(row?.id ?? '')}
          occupationLabel="Relationship"
          visa
        />
      )}
    />
  );
}

export function DependentsSection({ editable }: { editable: boolean }) {
  const query = useDependents();
  const dinfo = query.data?.dinfo ?? [];
  return (
    <ListSection
      title="Dependents"
      noun="Dependent"
      empty="No dependents added."
      editable={editable}
      query={query}
      items={dinfo}
      itemKey={(d) => d.id}
      details={(d, index) => [
        ...personItems(
          d,
          { masked: d.ssn, which: { section: 'dependent', id: d.id }, owner: `dependent ${index + 1}'s` },
          'Relationship',
        ),
        { label: 'Visa Type', value: d.visa_type },
      ]}
      form={(close) => <DependentsForm dinfo={dinfo} close={close} />}
    />
  );
}
