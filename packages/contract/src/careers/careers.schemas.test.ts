import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/schema-errors.ts';
import { fileProblem } from '../call.ts';
import { careersBodySchema, resumeRule } from './careers.schemas.ts';

describe('careersBodySchema', () => {
  const valid = {
    firstname: 'Priya',
    lastname: 'Sharma',
    emailaddress: 'priya@example.com',
    phoneext: 'INDIA',
    phone: '98765-43210',
    message: 'I would like to apply for the tax preparer role.',
  };

  it('accepts a complete application and normalises the phone', () => {
    expect(careersBodySchema.parse(valid)).toEqual({
      ...valid,
      phone: '9876543210',
    });
  });

  it('accepts a US number typed with the (000)-000-0000 mask', () => {
    expect(
      careersBodySchema.parse({
        ...valid,
        phoneext: 'US',
        phone: '(469)-555-0100',
      }).phone,
    ).toBe('4695550100');
  });

  it('defaults the phone extension to US', () => {
    const { phoneext: _omitted, ...rest } = valid;
    expect(careersBodySchema.parse(rest).phoneext).toBe('US');
  });

  it('requires every field, with the careers wording', () => {
    expect(schemaErrors(careersBodySchema, {})).toEqual({
      firstname: 'Firstname is required',
      lastname: 'Lastname is required',
      emailaddress: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
  });

  it('treats blank fields as missing', () => {
    expect(
      schemaErrors(careersBodySchema, {
        firstname: ' ',
        lastname: '',
        emailaddress: '  ',
        phone: ' ',
        message: '\n',
      }),
    ).toEqual({
      firstname: 'Firstname is required',
      lastname: 'Lastname is required',
      emailaddress: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
  });

  it("refuses a phone that is not 10 digits: 'Phone Number must be 10 digits'", () => {
    expect(schemaErrors(careersBodySchema, { ...valid, phone: '98765-4321' })).toEqual({
      phone: 'Phone Number must be 10 digits',
    });
  });

  it('checks the e-mail format (an addition: the old form had no format check)', () => {
    expect(schemaErrors(careersBodySchema, { ...valid, emailaddress: 'priya' })).toEqual({
      emailaddress: 'Please enter a valid email address',
    });
  });

  it('refuses a phone extension other than US or INDIA', () => {
    expect(schemaErrors(careersBodySchema, { ...valid, phoneext: '+91' })).toEqual({
      phoneext: 'Choose US (+1) or INDIA (+91)',
    });
  });
});

describe('resumeRule in the browser (fileProblem)', () => {
  const pdf = { size: 50_000, type: 'application/pdf', name: 'cv.pdf' };

  it('accepts PDF and Word files by declared type or name', () => {
    expect(fileProblem(resumeRule, pdf)).toBeNull();
    expect(fileProblem(resumeRule, { ...pdf, type: '', name: 'CV.DOCX' })).toBeNull();
    expect(fileProblem(resumeRule, { ...pdf, type: 'application/msword', name: 'cv' })).toBeNull();
  });

  it('refuses 6 MB (6291456 bytes) and more, and accepts one byte less', () => {
    expect(fileProblem(resumeRule, { ...pdf, size: 6_291_456 })).toBe('Resume size should be less than 6MB');
    expect(fileProblem(resumeRule, { ...pdf, size: 6_291_455 })).toBeNull();
  });

  it('refuses an empty or tiny file and another type', () => {
    expect(fileProblem(resumeRule, { ...pdf, size: 1024 })).toBe(
      'This file is empty or too small to be a document',
    );
    expect(fileProblem(resumeRule, { ...pdf, type: 'image/png', name: 'cv.png' })).toBe(
      'Resume must be a PDF or Word document',
    );
  });
});
