import { Alert, Anchor, Button, Checkbox, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { MESSAGES, SIGNATURE_CODE_DIGITS, SIGNATURE_TEXT_MAX, type SignatureInput } from '@taxfirm/contract';
import { useEffect, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SignaturePadField } from './signature-pad-field.tsx';
import {
  fieldErrorsOf,
  isLockedError,
  OPEN_POLL_MS,
  OPEN_POLL_TRIES,
  SCRIPT_FONT,
  signFieldsSchema,
  type FieldErrors,
  type Part,
  type SigningFlow,
} from './signing-flow.ts';
import { ReadLink, StepCard } from './step-card.tsx';

/**
 * Signing one document, in three numbered steps: read it (and the full return) through links the server
 * records, confirm it is you (the client's fresh step-up, then a code e-mailed to the signer), and sign by
 * drawing or typing, agreeing to sign electronically. Then "Signed. Thank you." with the signed PDF when
 * every signer has signed. The client's page and the spouse's link page both use it.
 */
export function SigningSteps({ flow }: { flow: SigningFlow }) {
  const [links, setLinks] = useState<Partial<Record<Part, string>>>({});
  const [opening, setOpening] = useState<Part | null>(null);
  const [openError, setOpenError] = useState<unknown>(null);
  const [pollsLeft, setPollsLeft] = useState(0);
  const [codeSent, setCodeSent] = useState<{ to: string; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [codeError, setCodeError] = useState<unknown>(null);
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [code, setCode] = useState('');
  const [typed, setTyped] = useState('');
  const [png, setPng] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [signError, setSignError] = useState<unknown>(null);
  /** A refusal the page can tell before asking (not yet opened). */
  const [notReady, setNotReady] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [done, setDone] = useState<{ complete: boolean; url: string | null; message: string } | null>(null);
  const [lockedHere, setLockedHere] = useState(false);
  const codeFirst = flow.codeFirst === true;
  /** A refusal: the lock replaces the steps; anything else goes to its alert. */
  const fail = (error: unknown, show: (error: unknown) => void) => {
    if (isLockedError(error)) setLockedHere(true);
    else show(error);
  };

  const isRead = flow.opened && (!flow.hasReturn || flow.returnOpened);
  const { refresh } = flow;
  // After a link is given out, look again every few seconds until the server has recorded the opening.
  useEffect(() => {
    if (pollsLeft <= 0 || isRead) return;
    const timer = window.setTimeout(() => {
      refresh();
      setPollsLeft((n) => n - 1);
    }, OPEN_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [pollsLeft, isRead, refresh]);

  const open = async (part: Part) => {
    setOpenError(null);
    if (codeFirst) {
      const parsed = signFieldsSchema.shape.code.safeParse(code);
      if (!parsed.success) {
        setErrors((now) => ({ ...now, code: parsed.error.issues[0]?.message }));
        return;
      }
      setErrors((now) => ({ ...now, code: undefined }));
    }
    setOpening(part);
    try {
      const { url } = await flow.open(part, code.trim());
      setLinks((now) => ({ ...now, [part]: url }));
      setPollsLeft(OPEN_POLL_TRIES);
      // A desktop browser opens it at once; a phone may block a window opened after a call, so the link
      // stays on the page to tap.
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      const found = codeFirst ? fieldErrorsOf(error) : null;
      if (found?.code) setErrors((now) => ({ ...now, code: found.code }));
      else fail(error, setOpenError);
    } finally {
      setOpening(null);
    }
  };

  const sendCode = async () => {
    setCodeError(null);
    setSending(true);
    try {
      const answer = await flow.sendCode();
      setCodeSent({ to: answer.sent_to, message: answer.status_smessage || MESSAGES.SIGNATURE_CODE_SENT });
    } catch (error) {
      fail(error, setCodeError);
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    setSignError(null);
    setNotReady(null);
    const signature: SignatureInput =
      mode === 'typed' ? { kind: 'typed', text: typed } : { kind: 'drawn', png: png ?? '' };
    const parsed = signFieldsSchema.safeParse({ code, signature, agree });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'code' || field === 'signature' || field === 'agree') found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (!isRead) {
      setNotReady(flow.opened ? MESSAGES.SIGNATURE_OPEN_RETURN_FIRST : MESSAGES.SIGNATURE_OPEN_FIRST);
      return;
    }
    setSigning(true);
    try {
      const answer = await flow.sign(parsed.data);
      setDone({
        complete: answer.complete,
        url: answer.signed_url,
        message: answer.status_smessage || MESSAGES.SIGNATURE_SIGNED,
      });
    } catch (error) {
      const found = fieldErrorsOf(error);
      if (found) setErrors(found);
      else fail(error, setSignError);
    } finally {
      setSigning(false);
    }
  };

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          <Text fw={700} inherit>
            {done.message}
          </Text>
          <Text inherit>
            {done.complete
              ? 'Every signer has signed. Keep a copy of the signed PDF for your records.'
              : `We are waiting for ${flow.waitingFor ?? 'the other signer'}'s signature.`}
          </Text>
        </Alert>
        {done.complete && done.url && (
          <Anchor href={done.url} underline="always" fw={600}>
            Download signed PDF
          </Anchor>
        )}
      </Stack>
    );
  }

  if (flow.locked || lockedHere) {
    return (
      <Alert color="red" role="alert" title="Signing is locked">
        {MESSAGES.SIGNATURE_LOCKED}
      </Alert>
    );
  }

  const codeField = (
    <TextInput
      label={`${SIGNATURE_CODE_DIGITS}-digit code from the e-mail`}
      value={code}
      onChange={(event) => setCode(event.currentTarget.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={SIGNATURE_CODE_DIGITS + 2}
      withAsterisk
      error={errors.code}
      w={{ base: '100%', xs: 220 }}
    />
  );
  const readStep = (
    <StepCard number={codeFirst ? 2 : 1} title="Read the document" done={isRead}>
      <Text fz="sm">
        Open and read the whole document{flow.hasReturn ? ', and the full return it is for,' : ''} before you
        sign. It opens in a new tab.
        {codeFirst ? ' Enter the code from the e-mail first: it opens the document.' : ''}
      </Text>
      <ReadLink
        label="Open the document"
        linkText={`Open ${flow.title} (PDF)`}
        isOpened={flow.opened}
        url={links.document}
        pending={opening === 'document'}
        onOpen={() => void open('document')}
      />
      {flow.hasReturn && (
        <ReadLink
          label="Open the full return"
          linkText="Open the full return (PDF)"
          isOpened={flow.returnOpened}
          url={links.return}
          pending={opening === 'return'}
          onOpen={() => void open('return')}
        />
      )}
      <ApiErrorAlert error={openError} />
    </StepCard>
  );
  const confirmStep = (
    <StepCard number={codeFirst ? 1 : 2} title="Confirm it's you" done={codeSent !== null}>
      <Text fz="sm">
        {codeFirst
          ? 'We e-mail you a one-time code. Enter it here: it opens the document, and you sign with it.'
          : 'We e-mail you a one-time code to enter below when you sign.'}
      </Text>
      {codeSent && (
        <Alert color="green" role="status">
          {codeSent.message} It went to {codeSent.to}.
        </Alert>
      )}
      <Group>
        <Button
          variant={codeSent ? 'default' : 'filled'}
          onClick={() => void sendCode()}
          loading={sending}
          loaderProps={{ 'aria-label': 'Sending the code' }}
        >
          {codeSent ? 'Send a new code' : 'E-mail me a code'}
        </Button>
      </Group>
      {codeFirst && codeField}
      <ApiErrorAlert error={codeError} />
    </StepCard>
  );

  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Steps to sign">
      {codeFirst ? confirmStep : readStep}
      {codeFirst ? readStep : confirmStep}
      <StepCard number={3} title="Sign" done={false}>
        <form
          noValidate
          aria-label={`Sign ${flow.title}`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            {!codeFirst && codeField}
            {codeFirst && errors.code && (
              <Alert color="red" role="alert">
                {errors.code}
              </Alert>
            )}
            <Tabs
              value={mode}
              onChange={(value) => {
                if (value === 'drawn' || value === 'typed') setMode(value);
                setErrors((now) => ({ ...now, signature: undefined }));
              }}
            >
              <Tabs.List aria-label="How to sign">
                <Tabs.Tab value="drawn">Draw</Tabs.Tab>
                <Tabs.Tab value="typed">Type</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="drawn" pt="sm">
                <SignaturePadField
                  label="Draw your signature"
                  onChange={setPng}
                  error={mode === 'drawn' ? errors.signature : null}
                />
              </Tabs.Panel>
              <Tabs.Panel value="typed" pt="sm">
                <Stack gap="xs">
                  <TextInput
                    label="Type your full name as your signature"
                    value={typed}
                    onChange={(event) => setTyped(event.currentTarget.value)}
                    maxLength={SIGNATURE_TEXT_MAX}
                    autoComplete="name"
                    error={mode === 'typed' ? errors.signature : undefined}
                  />
                  {typed.trim() && (
                    <Text fz={30} fs="italic" style={{ fontFamily: SCRIPT_FONT, overflowWrap: 'anywhere' }}>
                      {typed}
                    </Text>
                  )}
                </Stack>
              </Tabs.Panel>
            </Tabs>
            <Checkbox
              label="I agree to sign this document electronically, and I have read it."
              checked={agree}
              onChange={(event) => setAgree(event.currentTarget.checked)}
              error={errors.agree}
            />
            {notReady && (
              <Alert color="red" role="alert">
                {notReady}
              </Alert>
            )}
            <ApiErrorAlert error={signError} />
            <Group>
              <Button type="submit" loading={signing} loaderProps={{ 'aria-label': 'Signing' }}>
                Sign
              </Button>
            </Group>
          </Stack>
        </form>
      </StepCard>
    </Stack>
  );
}
