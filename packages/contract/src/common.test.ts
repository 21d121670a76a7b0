import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  centsSchema,
  dataTablesParametersSchema,
  emailField,
  emptyBodySchema,
  envelope,
  envelopeSchema,
  formatPhone,
  mmddyyyySchema,
  optionalDateSchema,
  optionalText,
  personName,
  phoneExtensionSchema,
  phoneExtensionWithDefault,
  phoneField,
  requiredText,
} from './common.ts';
import { fieldErrors } from './errors.ts';

/** The first message of each failing path, as the server reports them ('' paths become '_'). */
function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('envelopeSchema', () => {
  it('accepts an answer with an integer http_code and a status_smessage', () => {
    expect(envelopeSchema.parse({ http_code: 200, status_smessage: 'Success' })).toEqual({
      http_code: 200,
      status_smessage: 'Success',
    });
  });

  it('requires both http_code and status_smessage', () => {
    expect(Object.keys(errors(envelopeSchema, {})).sort()).toEqual(['http_code', 'status_smessage']);
  });

  it('refuses a string or fractional http_code', () => {
    expect(envelopeSchema.safeParse({ http_code: '200', status_smessage: 'x' }).success).toBe(false);
    expect(envelopeSchema.safeParse({ http_code: 200.5, status_smessage: 'x' }).success).toBe(false);
  });

  it('envelope() keeps the two envelope fields and adds the call’s own', () => {
    const schema = envelope({ loginstatus: z.number() });
    expect(Object.keys(errors(schema, { loginstatus: 'x' })).sort()).toEqual([
      'http_code',
      'loginstatus',
      'status_smessage',
    ]);
  });
});

describe('emptyBodySchema', () => {
  it('accepts and drops the user_id the old client added to every post', () => {
    expect(emptyBodySchema.parse({ user_id: '42' })).toEqual({});
  });
});

describe('requiredText', () => {
  const schema = requiredText('Thing is required', 5);

  it('gives the required message for a missing, empty or blank value', () => {
    expect(errors(schema, undefined)).toEqual({ _: 'Thing is required' });
    expect(errors(schema, '')).toEqual({ _: 'Thing is required' });
    expect(errors(schema, '   ')).toEqual({ _: 'Thing is required' });
  });

  it('trims the value', () => {
    expect(schema.parse('  abc ')).toBe('abc');
  });

  it('refuses a NUL character, which PostgreSQL text cannot hold', () => {
    expect(errors(schema, 'a\u0000b')).toEqual({ _: 'Must not contain a NUL character' });
    expect(errors(optionalText(20), 'a\u0000b')).toEqual({ _: 'Must not contain a NUL character' });
  });

  it('refuses text longer than the limit', () => {
    expect(errors(schema, 'abcdef')).toEqual({
      _: 'Must be at most 5 characters',
    });
    expect(schema.parse('abcde')).toBe('abcde');
  });
});

describe('optionalText', () => {
  it('turns a blank value into undefined and trims the rest', () => {
    const schema = optionalText(10);
    expect(schema.parse('')).toBeUndefined();
    expect(schema.parse('   ')).toBeUndefined();
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(' Engineer ')).toBe('Engineer');
  });

  it('still enforces the length limit', () => {
    expect(optionalText(3).safeParse('abcd').success).toBe(false);
  });
});

describe('personName', () => {
  const schema = personName('First name is required', 'First name should consist of Alphabets only');

  it('accepts letters and spaces', () => {
    expect(schema.parse('Mary Ann')).toBe('Mary Ann');
    expect(schema.parse('  John ')).toBe('John');
  });

  it('refuses digits and punctuation with the alphabets message', () => {
    for (const name of ['John2', 'Mary-Ann', "O'Brien", 'J.', 'Jöhn']) {
      expect(errors(schema, name), name).toEqual({
        _: 'First name should consist of Alphabets only',
      });
    }
  });

  it('gives the required message first for an empty name', () => {
    expect(errors(schema, '')).toEqual({ _: 'First name is required' });
    expect(errors(schema, undefined)).toEqual({ _: 'First name is required' });
  });
});

describe('emailField', () => {
  it('accepts and trims a valid address', () => {
    expect(emailField().parse('  someone@example.com ')).toBe('someone@example.com');
  });

  it("says 'Email is required' by default for a missing or blank address", () => {
    expect(errors(emailField(), undefined)).toEqual({ _: 'Email is required' });
    expect(errors(emailField(), '  ')).toEqual({ _: 'Email is required' });
  });

  it('uses the given required message', () => {
    expect(errors(emailField('Your friend email is required'), '')).toEqual({
      _: 'Your friend email is required',
    });
  });

  it('refuses a malformed address', () => {
    for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com']) {
      expect(errors(emailField(), email), email).toEqual({
        _: 'Please enter a valid email address',
      });
    }
  });
});

describe('phone extension', () => {
  it('accepts US and INDIA only', () => {
    expect(phoneExtensionSchema.parse('US')).toBe('US');
    expect(phoneExtensionSchema.parse('INDIA')).toBe('INDIA');
    expect(errors(phoneExtensionSchema, 'UK')).toEqual({
      _: 'Choose US (+1) or INDIA (+91)',
    });
    expect(errors(phoneExtensionSchema, 'us')).toEqual({
      _: 'Choose US (+1) or INDIA (+91)',
    });
    expect(errors(phoneExtensionSchema, undefined)).toEqual({
      _: 'Phone extension is required',
    });
  });

  it('defaults to US', () => {
    expect(phoneExtensionWithDefault.parse(undefined)).toBe('US');
    expect(phoneExtensionWithDefault.parse('INDIA')).toBe('INDIA');
  });
});

describe('phoneField', () => {
  const schema = phoneField();

  it('normalises the US mask (000)-000-0000 to ten digits', () => {
    expect(schema.parse('(469)-555-0100')).toBe('4695550100');
  });

  it('normalises the INDIA mask 00000-00000 to ten digits', () => {
    expect(schema.parse('98765-43210')).toBe('9876543210');
  });

  it('accepts ten bare digits, with surrounding spaces', () => {
    expect(schema.parse(' 4695550100 ')).toBe('4695550100');
  });

  it("refuses 9 or 11 digits with 'Phone Number must be 10 digits'", () => {
    expect(errors(schema, '(469)-555-010')).toEqual({
      _: 'Phone Number must be 10 digits',
    });
    expect(errors(schema, '469555010')).toEqual({
      _: 'Phone Number must be 10 digits',
    });
    expect(errors(schema, '46955501001')).toEqual({
      _: 'Phone Number must be 10 digits',
    });
    expect(errors(schema, 'phone')).toEqual({
      _: 'Phone Number must be 10 digits',
    });
  });

  it("says 'Phone number is required' for a missing or blank phone", () => {
    expect(errors(schema, undefined)).toEqual({
      _: 'Phone number is required',
    });
    expect(errors(schema, '')).toEqual({ _: 'Phone number is required' });
    expect(errors(schema, '   ')).toEqual({ _: 'Phone number is required' });
  });

  it('uses the given required message', () => {
    expect(errors(phoneField('Your friend phone number is required'), '')).toEqual({
      _: 'Your friend phone number is required',
    });
  });
});

describe('mmddyyyySchema', () => {
  const INVALID = 'Invalid date format. Please use MM-DD-YYYY.';

  it('accepts real MM-DD-YYYY dates', () => {
    for (const date of ['01-01-1990', '12-31-2024', '02-29-2024', '07-04-1976']) {
      expect(mmddyyyySchema.parse(date), date).toBe(date);
    }
  });

  it('refuses other formats', () => {
    for (const date of [
      '1-5-2024',
      '01/05/2024',
      '2024-01-05',
      '01-05-24',
      '01-05-20245',
      '01-05-2024x',
      '',
    ]) {
      expect(errors(mmddyyyySchema, date), date).toEqual({ _: INVALID });
    }
  });

  it('refuses a month outside 01-12 or a day outside 01-31', () => {
    for (const date of ['00-10-2024', '13-10-2024', '01-00-2024', '01-32-2024']) {
      expect(errors(mmddyyyySchema, date), date).toEqual({ _: INVALID });
    }
  });

  it('refuses impossible calendar dates', () => {
    for (const date of ['02-30-2024', '02-29-2023', '04-31-2024', '06-31-2024']) {
      expect(errors(mmddyyyySchema, date), date).toEqual({ _: INVALID });
    }
  });
});

describe('optionalDateSchema', () => {
  it('turns blank into undefined and keeps a valid date', () => {
    expect(optionalDateSchema.parse(undefined)).toBeUndefined();
    expect(optionalDateSchema.parse('')).toBeUndefined();
    expect(optionalDateSchema.parse('  ')).toBeUndefined();
    expect(optionalDateSchema.parse('03-15-1985')).toBe('03-15-1985');
  });

  it('refuses an invalid date', () => {
    expect(errors(optionalDateSchema, '02-30-2024')).toEqual({
      _: 'Invalid date format. Please use MM-DD-YYYY.',
    });
  });
});

describe('dataTablesParametersSchema', () => {
  it('defaults to the first page of 10 rows', () => {
    expect(dataTablesParametersSchema.parse({})).toEqual({
      draw: 1,
      start: 0,
      length: 10,
    });
  });

  it('coerces the numbers the DataTables client sends as strings', () => {
    expect(
      dataTablesParametersSchema.parse({
        draw: '3',
        start: '20',
        length: '10',
      }),
    ).toEqual({
      draw: 3,
      start: 20,
      length: 10,
    });
  });

  it('refuses a negative start and a page longer than 100', () => {
    expect(dataTablesParametersSchema.safeParse({ start: -1 }).success).toBe(false);
    expect(dataTablesParametersSchema.safeParse({ length: 101 }).success).toBe(false);
    expect(dataTablesParametersSchema.safeParse({ length: 0 }).success).toBe(false);
  });
});

describe('centsSchema', () => {
  it('accepts non-negative integer cents only', () => {
    expect(centsSchema.parse(0)).toBe(0);
    expect(centsSchema.parse(15025)).toBe(15025);
    expect(centsSchema.safeParse(-1).success).toBe(false);
    expect(centsSchema.safeParse(1.5).success).toBe(false);
  });
});

describe('formatPhone', () => {
  it('masks ten digits as (000)-000-0000 for US', () => {
    expect(formatPhone('4695550100', 'US')).toBe('(469)-555-0100');
  });

  it('masks ten digits as 00000-00000 for INDIA', () => {
    expect(formatPhone('9876543210', 'INDIA')).toBe('98765-43210');
  });

  it('re-masks an already masked number, in either direction', () => {
    expect(formatPhone('(469)-555-0100', 'INDIA')).toBe('46955-50100');
    expect(formatPhone('98765-43210', 'US')).toBe('(987)-654-3210');
  });

  it('masks partial input as it is typed', () => {
    expect(formatPhone('', 'US')).toBe('');
    expect(formatPhone('46', 'US')).toBe('(46');
    expect(formatPhone('469', 'US')).toBe('(469');
    expect(formatPhone('4695', 'US')).toBe('(469)-5');
    expect(formatPhone('469555', 'US')).toBe('(469)-555');
    expect(formatPhone('4695550', 'US')).toBe('(469)-555-0');
    expect(formatPhone('98765', 'INDIA')).toBe('98765');
    expect(formatPhone('987654', 'INDIA')).toBe('98765-4');
  });

  it('never shows more than ten digits', () => {
    expect(formatPhone('469555010099', 'US')).toBe('(469)-555-0100');
    expect(formatPhone('987654321099', 'INDIA')).toBe('98765-43210');
  });
});
