import { Fieldset, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import {
  COUNTRY_OPTIONS,
  DEPENDENT_OPTIONS,
  FILING_STATUSES,
  formatPhone,
  isPhoneExtension,
  phoneWithDialCode,
  taxpayerBodySchema,
  TIME_ZONES,
  YES_NO_OPTIONS,
  type TaxpayerBody,
  type TaxpayerInfo,
} from '@taxfirm/contract';
import type { ReactNode } from 'react';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useContractForm } from '../../../lib/form.ts';
import { useSaveTaxpayer } from '../api/save-taxpayer.ts';
import { ProfileSection, SectionActions, useSectionSave } from './profile-section.tsx';
import { selectOptions } from './fields.ts';
import { PersonFields, personItems } from './person-fields.tsx';

/** A phone as stored (digits) shown with its country's code and mask. */
export function displayPhone(digits: string | null, extension: string | null): string | null {
  if (!digits) return null;
  return phoneWithDialCode(digits, isPhoneExtension(extension) ? extension : 'US');
}

const dependentLabel = (value: string | null) =>
  DEPENDENT_OPTIONS.find((o) => o.value === value)?.label ?? null;

function TaxpayerView({ tinfo }: { tinfo: TaxpayerInfo }) {
  return (
    <DetailList
      items={[
        ...personItems(tinfo, { masked: tinfo.ssnitin, which: { section: 'taxpayer' }, owner: 'your' }),
        { label: 'Filing Status', value: tinfo.filling_status },
        { label: 'Dependents', value: dependentLabel(tinfo.dependent) },
        { label: 'Email', value: tinfo.email },
        { label: 'Phone', value: displayPhone(tinfo.phone, tinfo.phoneext) },
        { label: 'Work Phone', value: tinfo.alterphone },
        { label: 'Address', value: tinfo.address },
        { label: 'City', value: tinfo.city_name },
        { label: 'State', value: tinfo.state_name },
        { label: 'Country', value: tinfo.country_name },
        { label: 'Zip', value: tinfo.zip },
        { label: 'Health Insurance', value: tinfo.insurence },
        { label: 'Employer', value: tinfo.current_emp },
        { label: 'Client Location', value: tinfo.c_location },
        { label: 'Time Zone', value: tinfo.time_zone },
        { label: 'Referral Name', value: tinfo.referral_name },
      ]}
    />
  );
}

function toForm(tinfo: TaxpayerInfo): TaxpayerBody {
  const phoneext = isPhoneExtension(tinfo.phoneext) ? tinfo.phoneext : 'US';
  return {
    first_name: tinfo.first_name,
    last_name: tinfo.last_name,
    // Blank keeps the stored number; typing one replaces it.
    ssnitin: '',
    occupation: tinfo.occupation ?? '',
    dob: tinfo.dob ?? '',
    filling_status: (tinfo.filling_status ?? '') as TaxpayerBody['filling_status'],
    dependent: (tinfo.dependent ?? '') as TaxpayerBody['dependent'],
    email: tinfo.email,
    phoneext,
    phone: tinfo.phone ? formatPhone(tinfo.phone, phoneext) : '',
    alterphone: tinfo.alterphone ?? '',
    address: tinfo.address ?? '',
    city_name: tinfo.city_name ?? '',
    state_name: tinfo.state_name ?? '',
    country_name: (tinfo.country_name ?? '') as TaxpayerBody['country_name'],
    zip: tinfo.zip ?? '',
    insurence: (tinfo.insurence ?? '') as TaxpayerBody['insurence'],
    current_emp: tinfo.current_emp ?? '',
    c_location: tinfo.c_location ?? '',
    time_zone: (tinfo.time_zone ?? '') as TaxpayerBody['time_zone'],
    referral_name: tinfo.referral_name ?? '',
  };
}

/** A fieldset of the taxpayer's form: its fields two by two (one column on phones). */
function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
    </Fieldset>
  );
}

function TaxpayerForm({ tinfo, close }: { tinfo: TaxpayerInfo; close: () => void }) {
  const form = useContractForm(taxpayerBodySchema, { defaultValues: toForm(tinfo) });
  const save = useSaveTaxpayer();
  const { onSubmit, saved, alert } = useSectionSave(form, save, (values) => values, close);
  const { errors } = form.formState;
  const select = (
    name: 'filling_status' | 'dependent' | 'country_name' | 'insurence' | 'time_zone',
    label: string,
    options: Parameters<typeof selectOptions>[0],
  ) => (
    <NativeSelect
      label={label}
      data={selectOptions(options)}
      {...form.register(name)}
      error={errors[name]?.message}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit Tax Payer Info" tabIndex={-1}>
      <Stack gap="lg">
        <FieldGroup legend="About you">
          <PersonFields form={form} ssnName="ssnitin" storedSsn={tinfo.ssnitin} own />
          {select('filling_status', 'Filing Status', FILING_STATUSES)}
          {select('dependent', 'Dependents', DEPENDENT_OPTIONS)}
        </FieldGroup>
        <FieldGroup legend="Contact">
          <FormTextField
            form={form}
            name="email"
            label="Email"
            description="Your login e-mail; change it by contacting us."
            readOnly
            withAsterisk
          />
          <FormPhoneField form={form} name="phone" extensionName="phoneext" label="Phone" />
          <FormTextField form={form} name="alterphone" label="Work Phone" autoComplete="tel" />
        </FieldGroup>
        <FieldGroup legend="Address">
          <FormTextField form={form} name="address" label="Address" autoComplete="street-address" />
          <FormTextField form={form} name="city_name" label="City" autoComplete="address-level2" />
          <FormTextField form={form} name="state_name" label="State" autoComplete="address-level1" />
          {select('country_name', 'Country', COUNTRY_OPTIONS)}
          <FormTextField form={form} name="zip" label="Zip" autoComplete="postal-code" />
        </FieldGroup>
        <FieldGroup legend="More about you">
          {select('insurence', 'Health Insurance', YES_NO_OPTIONS)}
          <FormTextField form={form} name="current_emp" label="Employer" autoComplete="off" />
          <FormTextField form={form} name="c_location" label="Client Location" autoComplete="off" />
          {select('time_zone', 'Time Zone', TIME_ZONES)}
          <FormTextField form={form} name="referral_name" label="Referral Name" autoComplete="off" />
        </FieldGroup>
        <SectionActions saving={save.isPending} saved={saved} error={alert} onCancel={close} />
      </Stack>
    </form>
  );
}

export function TaxpayerSection({
  query,
  editable,
}: {
  query: { isPending: boolean; error: unknown; data?: { tinfo: TaxpayerInfo | null } | undefined };
  editable: boolean;
}) {
  const tinfo = query.data?.tinfo ?? null;
  return (
    <ProfileSection
      title="Tax Payer Info"
      editable={editable && tinfo !== null}
      query={query}
      view={tinfo ? <TaxpayerView tinfo={tinfo} /> : null}
      form={(close) => (tinfo ? <TaxpayerForm tinfo={tinfo} close={close} /> : null)}
    />
  );
}
