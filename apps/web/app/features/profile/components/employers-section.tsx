import { MAX_EMPLOYERS, saveEmployersBodySchema, type SaveEmployersBody } from '@taxfirm/contract';
import { FormMaskedField } from '../../../components/ui/form-masked-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useContractForm } from '../../../lib/form.ts';
import { useEmployers } from '../api/get-employers.ts';
import { useSaveEmployers } from '../api/save-employers.ts';
import { ListSection, RowListForm } from './row-list.tsx';

type Employer = NonNullable<ReturnType<typeof useEmployers>['data']>['empinfo'][number];
type Row = SaveEmployersBody['emploerinfo'][number];

const EMPTY_ROW: Row = { company_name: '', client_name: '', proj_start_date: '', proj_end_date: '' };

/** An employer's fields, in the form and in the details: every one required; the project's dates masked. */
const FIELDS: readonly { name: keyof Row; label: string; date: boolean }[] = [
  { name: 'company_name', label: 'Company Name', date: false },
  { name: 'client_name', label: 'Client Name', date: false },
  { name: 'proj_start_date', label: 'Project Start Date', date: true },
  { name: 'proj_end_date', label: 'Project End Date', date: true },
];

function EmployersForm({ empinfo, close }: { empinfo: readonly Employer[]; close: () => void }) {
  const form = useContractForm(saveEmployersBodySchema, {
    // Messages come with Submit: validating on blur would flag every empty field of a row just added.
    mode: 'onSubmit',
    defaultValues: { emploerinfo: empinfo.length > 0 ? empinfo.map((e) => ({ ...e })) : [EMPTY_ROW] },
  });
  const save = useSaveEmployers();
  return (
    <RowListForm
      label="Edit Employer Info"
      form={form}
      name="emploerinfo"
      save={save}
      close={close}
      noun="Employer"
      max={MAX_EMPLOYERS}
      addLabel="Add Employer Info"
      emptyRow={EMPTY_ROW}
      renderRow={(i) =>
        FIELDS.map(({ name, label, date }) =>
          date ? (
            <FormMaskedField
              key={name}
              form={form}
              name={`emploerinfo.${i}.${name}`}
              label={label}
              kind="date"
              description="MM-DD-YYYY"
              required
            />
          ) : (
            <FormTextField
              key={name}
              form={form}
              name={`emploerinfo.${i}.${name}`}
              label={label}
              withAsterisk
              autoComplete="off"
            />
          ),
        )
      }
    />
  );
}

export function EmployersSection({ editable }: { editable: boolean }) {
  const query = useEmployers();
  const empinfo = query.data?.empinfo ?? [];
  return (
    <ListSection
      title="Employer Info"
      noun="Employer"
      empty="No employers added."
      editable={editable}
      query={query}
      items={empinfo}
      itemKey={(_, index) => `${index}`}
      details={(e) => FIELDS.map(({ name, label }) => ({ label, value: e[name] }))}
      form={(close) => <EmployersForm empinfo={empinfo} close={close} />}
    />
  );
}
