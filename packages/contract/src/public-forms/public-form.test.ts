import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { definePublicForm } from './public-form.ts';

const FORM = definePublicForm({
  who: { kind: 'text', required: 'Who is required', max: 5 },
  mail: { kind: 'email', required: 'Mail is required', differsFrom: { name: 'other', message: 'Same' } },
  tel: { kind: 'phone', required: 'Tel is required', extension: 'tel_ext' },
  note: { kind: 'message', required: 'Note is required', max: 50 },
});

describe('definePublicForm', () => {
  it('gives the page each field with its name and the messages the server uses', () => {
    expect(FORM.fields).toEqual({
      who: { name: 'who', kind: 'text', rules: { required: 'Who is required' } },
      mail: {
        name: 'mail',
        kind: 'email',
        rules: {
          required: 'Mail is required',
          email: MESSAGES.EMAIL_INVALID,
          differsFrom: { name: 'other', message: 'Same' },
        },
      },
      tel: {
        name: 'tel',
        kind: 'phone',
        rules: { required: 'Tel is required', digits: MESSAGES.PHONE_TEN_DIGITS },
        extension: 'tel_ext',
      },
      note: { name: 'note', kind: 'message', rules: { required: 'Note is required' } },
    });
  });

  it("builds the body schema: a phone's country code comes just before it and defaults to US", () => {
    expect(Object.keys(FORM.shape)).toEqual(['who', 'mail', 'tel_ext', 'tel', 'note']);
    expect(
      z.object(FORM.shape).parse({ who: ' Ann ', mail: 'a@b.co', tel: '(469)-555-0100', note: 'hi' }),
    ).toEqual({ who: 'Ann', mail: 'a@b.co', tel_ext: 'US', tel: '4695550100', note: 'hi' });
  });

  it("checks each field with its declared message and a text field's length", () => {
    const result = z.object(FORM.shape).safeParse({ who: 'Annabel', mail: 'x', tel: '12', note: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['who', 'Must be at most 5 characters'],
      ['mail', MESSAGES.EMAIL_INVALID],
      ['tel', MESSAGES.PHONE_TEN_DIGITS],
      ['note', 'Note is required'],
    ]);
  });
});
