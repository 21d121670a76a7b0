import { Anchor, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconBrandPaypal, IconInfoCircle } from '@tabler/icons-react';
import { HOSTED_BUTTON_AMOUNT } from '@taxfirm/contract';
import { Link } from 'react-router';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import type { Route } from './+types/paypal-payment';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** The payment provider's hosted-button endpoint; the CSP's form-action allows this origin only. */
const HOSTED_BUTTON_ENDPOINT = 'https://www.paypal.com/cgi-bin/webscr';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Quick Payment with PayPal',
    description:
      'Pay a fixed $100 toward your tax preparation fee online with PayPal, without logging in. The payment is completed securely on PayPal.',
    path: paths.paypalPayment.getHref(),
    noIndex: false,
  });
}

function HostedButtonForm({ hostedButtonId }: { hostedButtonId: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pay-heading">
      <Stack gap="md">
        <Title order={2} id="pay-heading" fz="xl" c="navy.9">
          Pay ${HOSTED_BUTTON_AMOUNT} now
        </Title>
        <Text c="gray.8">
          The amount is fixed at ${HOSTED_BUTTON_AMOUNT} (US dollars). When you press the button you leave
          this site, and the payment is completed on PayPal&apos;s secure site, with your PayPal account or a
          card.
        </Text>
        <form
          method="post"
          action={HOSTED_BUTTON_ENDPOINT}
          aria-labelledby="pay-heading"
          data-testid="hosted-button-form"
        >
          <input type="hidden" name="cmd" value="_s-xclick" />
          <input type="hidden" name="hosted_button_id" value={hostedButtonId} />
          <input type="hidden" name="amount" value={String(HOSTED_BUTTON_AMOUNT)} />
          <input type="hidden" name="currency_code" value="USD" />
          <Button
            type="submit"
            size="md"
            color="navy"
            leftSection={<IconBrandPaypal size={20} aria-hidden />}
          >
            Pay ${HOSTED_BUTTON_AMOUNT} with PayPal
          </Button>
        </form>
        <Text c="gray.8" fz="sm">
          Keep the receipt PayPal e-mails you. We apply the payment to your account and confirm it with your
          preparer.
        </Text>
      </Stack>
    </Card>
  );
}

function NotSetUp() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="not-set-up-heading">
      <Stack gap="md">
        <Title
          order={2}
          id="not-set-up-heading"
          fz="xl"
          c="navy.9"
          style={{ display: 'flex', gap: 8, alignItems: 'center' }}
        >
          <IconInfoCircle size={22} aria-hidden />
          Online quick payment is not set up
        </Title>
        <Text c="gray.8">
          Quick payment is not available on this site right now. You can still pay your fee online from the
          client portal, where you see the exact amount for your return, or contact us and we will help you
          pay.
        </Text>
        <List spacing="xs" c="gray.8">
          <List.Item>
            <Anchor component={Link} to={paths.home.getHref()} fw={600} underline="always">
              Log in to the client portal
            </Anchor>{' '}
            and pay from your dashboard.
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={paths.contactUs.getHref()} fw={600} underline="always">
              Contact us
            </Anchor>{' '}
            by phone or e-mail.
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}

export default function PaypalPayment() {
  const { settings } = usePublicLayoutData();
  const hostedButtonId = settings.hosted_button_id.trim();
  return (
    <ContentPage
      title="Quick Payment"
      lead={`Pay $${HOSTED_BUTTON_AMOUNT} toward your tax preparation fee online, without logging in.`}
    >
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-labelledby="how-heading">
          <Title order={2} id="how-heading" fz="xl" c="navy.9">
            How quick payment works
          </Title>
          <List spacing="xs" c="gray.8">
            <List.Item>Quick payment takes a fixed ${HOSTED_BUTTON_AMOUNT} in US dollars.</List.Item>
            <List.Item>You pay on PayPal&apos;s site; we never see your card or bank details.</List.Item>
            <List.Item>
              For any other amount, log in to the client portal, where your invoice shows the exact fee.
            </List.Item>
          </List>
        </Stack>
        {hostedButtonId ? <HostedButtonForm hostedButtonId={hostedButtonId} /> : <NotSetUp />}
        {settings.site_email && (
          <Text c="gray.8">
            Questions about a payment? Write to{' '}
            <Anchor href={`mailto:${settings.site_email}`} underline="always">
              {settings.site_email}
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </ContentPage>
  );
}
