/**
 * The versions of the texts a client accepts, and the IRC §7216 consent's wording (Treas. Reg. 301.7216-3,
 * Rev. Proc. 2013-14 §5.04: the standard paragraph, not the "we may decline" one, because answering is not a
 * condition of service). A change of wording is a new version: answers recorded under the old one stay as they
 * were shown.
 */
export const TERMS_VERSION = 'terms-2026-11';
export const OFFSHORE_CONSENT_VERSION = '7216-offshore-2026-11';
/** A Yes holds this long (Rev. Proc. 2013-14: one year from the date of signature when none is specified). */
export const OFFSHORE_CONSENT_DAYS = 365;

export const OFFSHORE_CONSENT_TITLE = 'Consent to Disclose Tax Return Information';

/**
 * The §7216 consent to disclose to the firm's team in India, with the firm's and the taxpayer's names, as
 * paragraphs (the screen shows them as they are; the mandatory statements are word for word).
 */
export function offshoreConsentText(input: {
  firmName: string;
  /** The firm's postal address (one or more lines), or '' when the settings have none. */
  firmAddress: string;
  taxpayerName: string;
}): string[] {
  const { firmName, taxpayerName } = input;
  const address = input.firmAddress.replace(/\s*\n\s*/g, ', ').trim();
  return [
    `Taxpayer: ${taxpayerName}. Tax return preparer: ${firmName}${address ? `, ${address}` : ''}.`,
    'Federal law requires this consent form be provided to you. Unless authorized by law, we cannot disclose your tax return information to third parties for purposes other than the preparation and filing of your tax return without your consent. If you consent to the disclosure of your tax return information, Federal law may not protect your tax return information from further use or distribution.',
    'You are not required to complete this form. If we obtain your signature on this form by conditioning our services on your consent, your consent will not be valid. If you agree to the disclosure of your tax return information, your consent is valid for the amount of time that you specify. If you do not specify the duration of your consent, your consent is valid for one year from the date of signature.',
    `I, ${taxpayerName}, authorize ${firmName} to disclose all information and documents I provide for, and the entries on, my federal and state income tax returns and related schedules and forms to ${firmName}'s tax return preparation staff located in India, for the purpose of assisting in the preparation of my federal and state income tax returns.`,
    'Duration: this consent is valid for one year from the date of signature.',
    'This consent to disclose may result in your tax return information being disclosed to a tax return preparer located outside the United States.',
    'If you believe your tax return information has been disclosed or used improperly in a manner unauthorized by law or without your permission, you may contact the Treasury Inspector General for Tax Administration (TIGTA) by telephone at 1-800-366-4484, or by email at complaints@tigta.treas.gov.',
  ];
}

/**
 * A name as the §7216 signature check compares it (issue 33): decomposed (NFKD) and stripped of combining marks
 * (accents), lower case, every run of characters that are neither letters nor digits (spaces, hyphens,
 * apostrophes, periods) made one space, trimmed. "José  O’Brien-Díaz" → "jose o brien diaz".
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Does a typed §7216 signature name the client whose consent it is (first and last name as on the account)?
 * Case, accents, spacing and punctuation do not count ("asha  RAO", "Āsha Rao", "AshaRao" all sign for Asha
 * Rao). Middle names or initials between the first and the last name are accepted ("Asha K. Rao", "Asha Kiran
 * Rao"); a missing, different or reordered first or last name is not ("A. Rao", "Rao Asha", "Asha Roy").
 */
export function isSignatureOfName(signature: string, name: { first: string; last: string }): boolean {
  const squash = (words: string[]) => words.join('');
  const first = squash(comparableName(name.first).split(' '));
  const last = squash(comparableName(name.last).split(' '));
  const signed = comparableName(signature).split(' ').filter(Boolean);
  if (!first || !last || signed.length === 0) return false;
  if (squash(signed) === first + last) return true;
  // First name's words, then at least one middle word, then the last name's words.
  for (let i = 1; i < signed.length; i++) {
    if (squash(signed.slice(0, i)) !== first) continue;
    for (let j = i + 1; j < signed.length; j++) {
      if (squash(signed.slice(j)) === last) return true;
    }
  }
  return false;
}
