import { Alert, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@taxfirm/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useVerifyAccount } from '../api/verify-account.ts';

/** accountverifyuser?tokenId&verifytoken: verifies, then home with the login panel open and a message. */
export function VerifyAccount() {
  const [params] = useSearchParams();
  const verify = useVerifyAccount();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify
      .mutateAsync({ tokenId: params.get('tokenId') ?? '', verifytoken: params.get('verifytoken') ?? '' })
      .then(() =>
        // The home page opens its login panel with the notice named by a code in the URL (ADR 021): a
        // document load, since the home page may be served without React.
        window.location.replace(`${paths.home.getHref()}?panel=login&notice=verified`),
      )
      .catch(() => undefined);
  }, [params, verify]);

  if (verify.isError) {
    return (
      <Alert color="red" role="alert" title="We could not verify your account">
        {MESSAGES.VERIFY_LINK_INVALID} Log in with your e-mail and password to have a new link sent to you.
      </Alert>
    );
  }
  return (
    <Stack align="center" gap="sm" role="status">
      <Loader aria-hidden />
      <Text>Verifying your account…</Text>
    </Stack>
  );
}
