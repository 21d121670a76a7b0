import { Group, NativeSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import {
  isMaskedPan,
  isMoney,
  ORGANIZER_CURRENCIES,
  type FieldQuestion,
  type FieldValue,
  type OrganizerCurrency,
} from '@taxfirm/contract';

/** A choice of more options than this is a select, not radio buttons. */
const MAX_RADIOS = 5;

/** A short answer's box no wider than it needs (its label and help keep the full width). */
const width = (px: number) => ({ wrapper: { maxWidth: px } });

type Props = {
  question: FieldQuestion;
  value: unknown;
  /** `undefined` when the answer is cleared. */
  onChange: (value: FieldValue | undefined) => void;
  error?: string | undefined;
  /** The currency a new amount starts in (the client can change it unless the question asks for US dollars). */
  defaultCurrency: OrganizerCurrency;
  /** The identity number kept on the server, masked (`••••••234F`): a blank field keeps it. */
  kept?: string | undefined;
  /** Who fills it in: the client (the default: "your PAN") or staff for the client ("the client's PAN"). */
  voice?: Voice | undefined;
};

export type Voice = 'client' | 'staff';

/**
 * One question of the organizer as the input its type calls for, labelled by the question, its help tied as
 * the description and the server's problem as the error.
 */
export function QuestionField({
  question,
  value,
  onChange,
  error,
  defaultCurrency,
  kept,
  voice = 'client',
}: Props) {
  const common = { label: question.label, description: question.help, error };
  switch (question.type) {
    case 'yesno':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(choice) => onChange(choice === 'yes')}
        >
          <Group gap="xl" mt="xs">
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
      );
    case 'choice':
      if (question.choices.length > MAX_RADIOS) {
        return (
          <NativeSelect
            {...common}
            styles={width(420)}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.currentTarget.value || undefined)}
            data={[{ value: '', label: 'Choose one' }, ...question.choices]}
          />
        );
      }
      return (
        <Radio.Group
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(choice) => onChange(choice)}
        >
          <Stack gap="xs" mt="xs">
            {question.choices.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'number':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          autoComplete="off"
          styles={width(220)}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => {
            const text = event.currentTarget.value.trim();
            // Whole numbers as numbers (conditions and the presence test read them); anything else as typed,
            // for the server to name the problem.
            onChange(/^\d{1,9}$/.test(text) ? Number(text) : text || undefined);
          }}
        />
      );
    case 'money':
      return (
        <MoneyField
          {...common}
          value={value}
          onChange={onChange}
          currencies={question.currency === 'USD' ? null : ORGANIZER_CURRENCIES}
          defaultCurrency={question.currency === 'USD' ? 'USD' : defaultCurrency}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          styles={width(220)}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value || undefined)}
        />
      );
    case 'text':
      if (question.identity === 'pan') {
        return <PanField {...common} value={value} onChange={onChange} kept={kept} voice={voice} />;
      }
      if (question.long) {
        return (
          <Textarea
            {...common}
            autosize
            minRows={2}
            maxLength={question.max}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.currentTarget.value || undefined)}
          />
        );
      }
      return (
        <TextInput
          {...common}
          maxLength={question.max}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value || undefined)}
        />
      );
  }
}

type Common = { label: string; description: string | undefined; error: string | undefined };

/**
 * An amount as people write it ("9,00,000": the server reads it) with its currency beside it, a select in the
 * field's right section unless the question asks for US dollars.
 */
function MoneyField({
  value,
  onChange,
  currencies,
  defaultCurrency,
  ...common
}: Common & {
  value: unknown;
  onChange: (value: FieldValue | undefined) => void;
  currencies: readonly string[] | null;
  defaultCurrency: string;
}) {
  const money = isMoney(value) ? value : null;
  const currency = money?.currency ?? defaultCurrency;
  const select = currencies && (
    <NativeSelect
      aria-label={`${common.label}: currency`}
      data={[...currencies]}
      value={currency}
      onChange={(event) => onChange({ amount: money?.amount ?? '', currency: event.currentTarget.value })}
      rightSectionWidth={24}
      styles={{
        input: {
          fontWeight: 500,
          borderTopLeftRadius: 0,
          borderBottomLeftRadius: 0,
          width: 92,
          marginRight: -2,
        },
      }}
    />
  );
  return (
    <TextInput
      {...common}
      inputMode="decimal"
      autoComplete="off"
      styles={width(320)}
      leftSection={currencies ? undefined : <span aria-hidden>$</span>}
      value={money?.amount ?? ''}
      onChange={(event) => onChange({ amount: event.currentTarget.value, currency })}
      rightSection={select || undefined}
      rightSectionWidth={select ? 92 : undefined}
      rightSectionPointerEvents="all"
    />
  );
}

/**
 * The PAN: typed in capitals. A kept one comes masked and shows as the placeholder; the field stays blank and
 * the masked value is sent back unchanged (the server keeps the real one) unless a new one is typed.
 */
function PanField({
  value,
  onChange,
  kept,
  voice,
  ...common
}: Common & {
  value: unknown;
  onChange: (value: FieldValue | undefined) => void;
  kept: string | undefined;
  voice: Voice;
}) {
  const isKept = isMaskedPan(value);
  const whose = voice === 'staff' ? 'the client’s' : 'your';
  const keptNote = kept
    ? `We have ${whose} PAN ending ${kept.slice(-4)}: leave this blank to keep it.`
    : undefined;
  return (
    <TextInput
      {...common}
      description={[common.description, keptNote].filter(Boolean).join(' ') || undefined}
      styles={width(220)}
      maxLength={10}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      placeholder={isKept ? String(value) : 'ABCDE1234F'}
      value={isKept || typeof value !== 'string' ? '' : value}
      onChange={(event) => {
        const text = event.currentTarget.value.toUpperCase();
        onChange(text === '' ? kept : text);
      }}
    />
  );
}
