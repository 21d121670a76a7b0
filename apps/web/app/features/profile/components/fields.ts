/** A select's options after an empty choice (every profile select is optional). */
export function selectOptions(options: readonly { value: string; label: string }[]) {
  return [{ value: '', label: 'Select' }, ...options];
}

/** The hint under an SSN/ITIN field: how to keep the stored number, or what to type. */
export function ssnDescription(masked: string | null | undefined): string {
  return masked
    ? `Stored as ${masked}. Leave blank to keep it, or type the full number to replace it.`
    : 'Nine digits. An ITIN starts with 9.';
}
