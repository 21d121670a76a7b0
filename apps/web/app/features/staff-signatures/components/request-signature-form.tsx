import {
  Accordion,
  Alert,
  Button,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  MESSAGES,
  SIGNATURE_DOCUMENT_KIND_LABELS,
  SIGNATURE_DOCUMENT_KINDS,
  SIGNER_CHOICES,
  staffSignaturesCreateFieldsSchema,
  type SignatureDocumentKind,
  type SignerChoice,
  type SignerRole,
} from '@taxfirm/contract';
import { useId, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PdfFileButton, pdfProblem } from './pdf-file-button.tsx';
import { FieldGroupError } from '../../../components/ui/field-group-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateSignature } from '../api/signatures.ts';
import {
  defaultPlacementFields,
  placementProblem,
  placementsJson,
  rolesOf,
  type PlacementFields,
  type PlacementsFields,
} from '../placements.ts';

const PARTS = ['page', 'x', 'y'] as const;
const PART_LABELS: Record<(typeof PARTS)[number], string> = { page: 'Page', x: 'Across %', y: 'Down %' };
const SIGNER_LABELS: Record<SignerChoice, string> = { taxpayer: 'Taxpayer', spouse: 'Spouse', both: 'Both' };
const ROLE_LABELS: Record<SignerRole, string> = { taxpayer: 'Taxpayer', spouse: 'Spouse' };

/** The title a kind suggests for the year ("Form 8879 2025"); other documents are named by staff. */
export function suggestedTitle(kind: SignatureDocumentKind, taxYear: number): string {
  if (kind === '8879') return `Form 8879 ${taxYear}`;
  if (kind === 'engagement') return `Engagement letter ${taxYear}`;
  return '';
}

type Field = 'kind' | 'title' | 'signers' | 'spouse_name' | 'spouse_email' | 'placements' | 'document';

const isKind = (value: string): value is SignatureDocumentKind =>
  (SIGNATURE_DOCUMENT_KINDS as readonly string[]).includes(value);
const isChoice = (value: string): value is SignerChoice =>
  (SIGNER_CHOICES as readonly string[]).includes(value);

/**
 * "Request a signature": what the document is (Form 8879 fills in its title), who signs (the spouse's name
 * and e-mail from the tax profile), the PDF and the optional full return, and where the marks go (the kind's
 * defaults, folded away: the usual path is one click). Sent as one multipart request.
 */
export function RequestSignatureForm({
  clientId,
  taxYear,
  spouse,
  onCreated,
}: {
  clientId: string;
  taxYear: number;
  spouse: { name: string; email: string | null } | null;
  onCreated: (message: string) => void;
}) {
  const id = useId();
  const create = useCreateSignature();
  const [kind, setKind] = useState<SignatureDocumentKind>('8879');
  const [title, setTitle] = useState(suggestedTitle('8879', taxYear));
  const [signers, setSigners] = useState<SignerChoice>(spouse ? 'both' : 'taxpayer');
  const [spouseName, setSpouseName] = useState(spouse?.name ?? '');
  const [spouseEmail, setSpouseEmail] = useState(spouse?.email ?? '');
  const [placements, setPlacements] = useState<PlacementsFields>(defaultPlacementFields('8879'));
  const [document, setDocument] = useState<File | null>(null);
  const [fullReturn, setFullReturn] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);

  const needsSpouse = signers !== 'taxpayer';
  const onKind = (next: SignatureDocumentKind) => {
    // A title the form suggested follows the kind; one staff typed stays.
    if (title === suggestedTitle(kind, taxYear)) setTitle(suggestedTitle(next, taxYear));
    setKind(next);
    setPlacements(defaultPlacementFields(next));
  };
  const setMark = (
    role: SignerRole,
    mark: 'signature' | 'date',
    part: keyof PlacementFields,
    value: string,
  ) =>
    setPlacements((now) => ({
      ...now,
      [role]: { ...now[role], [mark]: { ...now[role][mark], [part]: value } },
    }));
  const choose = (which: 'document' | 'return', file: File | null) => {
    if (!file) return;
    const problem = pdfProblem(file);
    setErrors((now) => ({ ...now, document: problem ?? undefined }));
    if (problem) return;
    if (which === 'document') setDocument(file);
    else setFullReturn(file);
  };

  const submit = async () => {
    setFailure(null);
    const found: Partial<Record<Field, string>> = {};
    const fields = {
      client_id: clientId,
      taxy: taxYear,
      kind,
      title,
      signers,
      ...(needsSpouse ? { spouse_name: spouseName, spouse_email: spouseEmail } : {}),
      placements: placementsJson(kind, signers, placements),
    };
    const parsed = staffSignaturesCreateFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
    }
    if (needsSpouse && (!spouseName.trim() || !spouseEmail.trim())) {
      found.spouse_name ??= MESSAGES.SIGNATURE_SPOUSE_REQUIRED;
    }
    for (const role of rolesOf(signers)) {
      const problem = placementProblem(placements[role].signature) ?? placementProblem(placements[role].date);
      if (problem) found.placements ??= `${ROLE_LABELS[role]}: ${problem}`;
    }
    if (!document) found.document ??= 'Choose the PDF to sign.';
    setErrors(found);
    if (Object.keys(found).length > 0 || !document) return;
    try {
      const answer = await create.mutateAsync({ fields, document, fullReturn });
      setDocument(null);
      setFullReturn(null);
      setPlacements(defaultPlacementFields(kind));
      onCreated(answer.status_smessage || MESSAGES.SIGNATURE_CREATED);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.details).length > 0) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const [path, message] of Object.entries(error.details)) {
          const field = path.split('.')[0] as Field;
          fromServer[field] ??= message;
        }
        setErrors(fromServer);
        if (!Object.keys(fromServer).some((f) => FIELDS_SHOWN.has(f))) setFailure(error);
      } else {
        setFailure(error);
      }
    }
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md" id={`${id}-heading`}>
          Request a signature
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label="Document"
            value={kind}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isKind(value)) onKind(value);
            }}
            data={SIGNATURE_DOCUMENT_KINDS.map((k) => ({
              value: k,
              label: SIGNATURE_DOCUMENT_KIND_LABELS[k],
            }))}
            error={errors.kind}
          />
          <TextInput
            label="Title"
            description="The client sees it."
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={200}
            withAsterisk
            error={errors.title}
          />
        </SimpleGrid>
        <Radio.Group
          label="Who signs"
          value={signers}
          onChange={(value) => {
            if (isChoice(value)) setSigners(value);
          }}
          error={errors.signers}
        >
          <Group gap="lg" mt={4}>
            {SIGNER_CHOICES.map((choice) => (
              <Radio key={choice} value={choice} label={SIGNER_LABELS[choice]} />
            ))}
          </Group>
        </Radio.Group>
        {needsSpouse && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Spouse's name"
              value={spouseName}
              onChange={(event) => setSpouseName(event.currentTarget.value)}
              maxLength={100}
              withAsterisk
              error={errors.spouse_name}
            />
            <TextInput
              label="Spouse's e-mail"
              description="The spouse signs from a link e-mailed here, without an account."
              type="email"
              value={spouseEmail}
              onChange={(event) => setSpouseEmail(event.currentTarget.value)}
              maxLength={254}
              withAsterisk
              error={errors.spouse_email}
            />
          </SimpleGrid>
        )}
        <Stack gap={4}>
          <PdfFileButton
            label="PDF to sign"
            chooseLabel="Choose the PDF to sign"
            file={document}
            onChoose={(file) => choose('document', file)}
          />
          <PdfFileButton
            label="Full return (optional)"
            chooseLabel="Choose the full return (optional)"
            file={fullReturn}
            empty="No return: the signer opens the document only"
            onChoose={(file) => choose('return', file)}
          />
          <FieldGroupError message={errors.document} />
          <Text fz="xs" c="gray.8">
            PDF only, under 25 MB. With a return, the signer must open it as well before signing.
          </Text>
        </Stack>
        <Accordion variant="contained">
          <Accordion.Item value="positions">
            <Accordion.Control>Signature positions</Accordion.Control>
            <Accordion.Panel>
              <Text fz="sm" mb="xs">
                Page 0 is the last page. Across and down are percent of the page from its top left corner. The
                defaults fit {kind === '8879' ? "Form 8879's signature lines" : 'the foot of the last page'}.
              </Text>
              <Stack gap="sm">
                <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={4} w="auto">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <VisuallyHidden>Mark</VisuallyHidden>
                      </Table.Th>
                      {PARTS.map((part) => (
                        <Table.Th key={part} id={`${id}-col-${part}`} fz="sm">
                          {PART_LABELS[part]}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rolesOf(signers).flatMap((role) =>
                      (['signature', 'date'] as const).map((mark) => (
                        <Table.Tr key={`${role}-${mark}`}>
                          <Table.Th scope="row" id={`${id}-${role}-${mark}`} fz="sm" maw={84}>
                            {ROLE_LABELS[role]} {mark}
                          </Table.Th>
                          {PARTS.map((part) => (
                            <Table.Td key={part}>
                              <TextInput
                                aria-labelledby={`${id}-${role}-${mark} ${id}-col-${part}`}
                                type="number"
                                inputMode="decimal"
                                min={0}
                                max={part === 'page' ? 500 : 100}
                                step={part === 'page' ? 1 : 0.1}
                                value={placements[role][mark][part]}
                                onChange={(event) => setMark(role, mark, part, event.currentTarget.value)}
                                size="xs"
                                w={56}
                              />
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      )),
                    )}
                  </Table.Tbody>
                </Table>
                <Button
                  variant="default"
                  size="compact-sm"
                  w="fit-content"
                  onClick={() => setPlacements(defaultPlacementFields(kind))}
                >
                  Use the default positions
                </Button>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        {errors.placements && (
          <Alert color="red" role="alert">
            {errors.placements}
          </Alert>
        )}
        <ApiErrorAlert error={failure} />
        <Group>
          <Button type="submit" loading={create.isPending} loaderProps={{ 'aria-label': 'Sending' }}>
            Send to sign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The server's field names this form shows by a field (the others go to the alert). */
const FIELDS_SHOWN = new Set<string>([
  'kind',
  'title',
  'signers',
  'spouse_name',
  'spouse_email',
  'placements',
  'document',
]);
