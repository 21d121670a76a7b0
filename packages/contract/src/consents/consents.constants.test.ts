import { describe, expect, it } from 'vitest';
import { comparableName, isSignatureOfName, offshoreConsentText } from './consents.constants.ts';

const text = offshoreConsentText({
  firmName: 'Firm LLC',
  firmAddress: '1 Main St\nDallas, TX',
  taxpayerName: 'Asha Rao',
});

describe('the §7216 consent wording (Rev. Proc. 2013-14 §5.04, as in /tmp/legal.md §A.2)', () => {
  it('names the taxpayer, the preparer with its address, the recipient in India and the purpose', () => {
    expect(text[0]).toBe('Taxpayer: Asha Rao. Tax return preparer: Firm LLC, 1 Main St, Dallas, TX.');
    expect(text[3]).toContain('I, Asha Rao, authorize Firm LLC to disclose ');
    expect(text[3]).toContain(" to Firm LLC's tax return preparation staff located in India, ");
    expect(text[3]).toContain(
      'for the purpose of assisting in the preparation of my federal and state income tax returns.',
    );
  });

  it('carries the mandatory statements word for word: the standard paragraph (not "we may decline"), offshore and TIGTA', () => {
    expect(text).toContain(
      'Federal law requires this consent form be provided to you. Unless authorized by law, we cannot disclose your tax return information to third parties for purposes other than the preparation and filing of your tax return without your consent. If you consent to the disclosure of your tax return information, Federal law may not protect your tax return information from further use or distribution.',
    );
    expect(text).toContain(
      'You are not required to complete this form. If we obtain your signature on this form by conditioning our services on your consent, your consent will not be valid. If you agree to the disclosure of your tax return information, your consent is valid for the amount of time that you specify. If you do not specify the duration of your consent, your consent is valid for one year from the date of signature.',
    );
    expect(text).toContain(
      'This consent to disclose may result in your tax return information being disclosed to a tax return preparer located outside the United States.',
    );
    expect(text).toContain(
      'If you believe your tax return information has been disclosed or used improperly in a manner unauthorized by law or without your permission, you may contact the Treasury Inspector General for Tax Administration (TIGTA) by telephone at 1-800-366-4484, or by email at complaints@tigta.treas.gov.',
    );
    expect(text.join(' ')).not.toContain('decline');
  });

  it('leaves the address out when the settings have none', () => {
    expect(offshoreConsentText({ firmName: 'Firm LLC', firmAddress: '', taxpayerName: 'A B' })[0]).toBe(
      'Taxpayer: A B. Tax return preparer: Firm LLC.',
    );
  });
});

describe('the §7216 signature must name the client (isSignatureOfName)', () => {
  const asha = { first: 'Asha', last: 'Rao' };
  it('ignores case, accents, spacing and punctuation', () => {
    for (const typed of [
      'Asha Rao',
      'asha rao',
      '  ASHA   RAO ',
      'Āshā Rāo',
      'AshaRao',
      'asha-rao',
      'Asha Rao.',
    ]) {
      expect(isSignatureOfName(typed, asha), typed).toBe(true);
    }
    expect(isSignatureOfName('Jose Garcia', { first: 'José', last: 'García' })).toBe(true);
    expect(isSignatureOfName('Zoë  O’Brien-Díaz', { first: 'Zoe', last: "O'Brien Diaz" })).toBe(true);
    expect(comparableName('José  O’Brien-Díaz')).toBe('jose o brien diaz');
  });

  it('accepts middle names or initials between the first and the last name', () => {
    expect(isSignatureOfName('Asha K. Rao', asha)).toBe(true);
    expect(isSignatureOfName('Asha Kiran Devi Rao', asha)).toBe(true);
    expect(isSignatureOfName('Mary Ann J Smith', { first: 'Mary Ann', last: 'Smith' })).toBe(true);
  });

  it('refuses another name, a missing or reordered part, and an empty one', () => {
    for (const typed of [
      'Bina Sen',
      'Asha Roy',
      'Rao Asha',
      'A. Rao',
      'Asha',
      'Rao',
      'Asha Raoo',
      'Ashar Rao',
      '',
      '—',
    ]) {
      expect(isSignatureOfName(typed, asha), typed).toBe(false);
    }
  });
});
