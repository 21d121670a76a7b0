import type { RevealSsnBody } from '@taxfirm/contract';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { DetailItem } from '../../../components/ui/detail-list.tsx';
import { FormMaskedField } from '../../../components/ui/form-masked-field.tsx';
import { FormNameFields, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { ssnDescription } from './fields.ts';
import { SsnValue } from './ssn-value.tsx';

/** What the taxpayer, the spouse and each dependent have in common. */
type Person = {
  first_name: string;
  last_name: string;
  occupation: string | null;
  dob: string | null;
};

/**
 * A person's read-only details: names, SSN/ITIN (with Show), occupation (a dependent's "Relationship"),
 * date of birth (the spouse's and dependents' visa type follows).
 */
export function personItems(
  person: Person,
  ssn: { masked: string | null; which: RevealSsnBody; owner: string },
  occupationLabel = 'Occupation',
): DetailItem[] {
  return [
    { label: 'First Name', value: person.first_name },
    { label: 'Last Name', value: person.last_name },
    {
      label: 'SSN/ITIN',
      value: ssn.masked && <SsnValue masked={ssn.masked} which={ssn.which} owner={ssn.owner} />,
    },
    { label: occupationLabel, value: person.occupation },
    { label: 'Date of Birth', value: person.dob },
  ];
}

/**
 * A person's fields on a profile form, under `prefix` (`dependentinfo.2.`): names, SSN/ITIN (blank keeps
 * `storedSsn`), occupation, date of birth and, with `visa`, the visa type. `own` fields (the taxpayer's)
 * let the browser fill names and occupation; anyone else's are typed.
 */
export function PersonFields<Values extends FieldValues, Output>({
  form,
  prefix = '',
  ssnName = 'ssn',
  storedSsn,
  occupationLabel = 'Occupation',
  own = false,
  visa = false,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  prefix?: string;
  ssnName?: 'ssn' | 'ssnitin';
  storedSsn: string | null | undefined;
  occupationLabel?: string;
  own?: boolean;
  visa?: boolean;
}) {
  const at = (field: string) => `${prefix}${field}` as FieldPath<Values>;
  return (
    <>
      <FormNameFields
        form={form}
        first={at('first_name')}
        last={at('last_name')}
        labels={['First Name', 'Last Name']}
        autoFill={own}
      />
      <FormMaskedField
        form={form}
        name={at(ssnName)}
        label="SSN/ITIN"
        kind="ssn"
        description={ssnDescription(storedSsn)}
      />
      <FormTextField
        form={form}
        name={at('occupation')}
        label={occupationLabel}
        autoComplete={own ? 'organization-title' : 'off'}
      />
      <FormMaskedField
        form={form}
        name={at('dob')}
        label="Date of Birth"
        kind="date"
        description="MM-DD-YYYY"
      />
      {visa && <FormTextField form={form} name={at('visa_type')} label="Visa Type" autoComplete="off" />}
    </>
  );
}
