import { Group, InputBase, NativeSelect } from '@mantine/core';
import { formatPhone, PHONE_EXTENSION_OPTIONS, PHONE_MASKS, type PhoneExtension } from '@taxfirm/contract';
import { useId } from 'react';
import { IMaskInput } from 'react-imask';

type PhoneFieldProps = {
  label: string;
  extensionLabel?: string;
  extension: PhoneExtension;
  onExtensionChange: (extension: PhoneExtension) => void;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  error?: string | undefined;
  extensionError?: string | undefined;
  required?: boolean;
};

/**
 * A country code and a phone number typed through the specification's mask: (000)-000-0000 for US,
 * 00000-00000 for INDIA. Changing the country re-masks the digits already typed.
 */
export function PhoneField({
  label,
  extensionLabel = 'Country code',
  extension,
  onExtensionChange,
  value,
  onChange,
  onBlur,
  name,
  error,
  extensionError,
  required = true,
}: PhoneFieldProps) {
  const id = useId();
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <NativeSelect
        label={extensionLabel}
        id={`${id}-ext`}
        value={extension}
        onChange={(event) => {
          const next = event.currentTarget.value as PhoneExtension;
          onExtensionChange(next);
          onChange(formatPhone(value, next));
        }}
        data={PHONE_EXTENSION_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        error={extensionError}
        withAsterisk={required}
        w={130}
      />
      <InputBase
        component={IMaskInput}
        key={extension}
        mask={PHONE_MASKS[extension]}
        label={label}
        id={id}
        name={name}
        value={value}
        onAccept={(masked: string) => onChange(masked)}
        onBlur={onBlur}
        error={error}
        withAsterisk={required}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PHONE_MASKS[extension].replace(/0/g, '0')}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
