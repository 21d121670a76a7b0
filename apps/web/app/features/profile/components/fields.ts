/** A select's options after an empty choice (every profile select is optional); a plain string is its own label. */
export function selectOptions(options: readonly (string | { value: string; label: string })[]) {
  return [
    { value: '', label: 'Select' },
    ...options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option)),
  ];
}

/** The hint under an SSN/ITIN field: how to keep the stored number, or what to type. */
export function ssnDescription(masked: string | null | undefined): string {
  return masked
    ? `Stored as ${masked}. Leave blank to keep it, or type the full number to replace it.`
    : 'Nine digits. An ITIN starts with 9.';
}
