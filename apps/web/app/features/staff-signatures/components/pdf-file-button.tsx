import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { signaturePdfRule } from '@taxfirm/contract';

/** A PDF the forms refuse before sending (the server reads its content again). */
export function pdfProblem(file: File): string | null {
  if (file.size >= signaturePdfRule.maxBytes) return signaturePdfRule.messages.tooLarge;
  if (!file.name.toLowerCase().endsWith('.pdf')) return signaturePdfRule.messages.wrongType;
  return null;
}

/** A button that chooses one PDF, with the chosen file's name (or `empty`) beside it. */
export function PdfFileButton({
  label,
  chooseLabel,
  file,
  empty = 'No file chosen',
  onChoose,
}: {
  /** The button's words ("PDF to sign"). */
  label: string;
  /** The file input's accessible name ("Choose the PDF to sign"). */
  chooseLabel: string;
  file: File | null;
  empty?: string;
  onChoose: (file: File | null) => void;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      <FileButton
        onChange={onChoose}
        accept="application/pdf,.pdf"
        inputProps={{ 'aria-label': chooseLabel }}
      >
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconPaperclip size={16} aria-hidden />}>
            {label}
          </Button>
        )}
      </FileButton>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {file ? file.name : empty}
      </Text>
    </Group>
  );
}
