import { useSearchParams } from 'react-router';
import { PaymentFailure } from '../../features/payments/components/payment-outcome.tsx';
import { useContactDetails } from '../../features/site-chrome/api/get-site-settings.ts';
import { telHref } from '../../features/site-chrome/contact-details.ts';

export function meta() {
  return [{ title: 'Payment not completed' }, { name: 'robots', content: 'noindex' }];
}

export default function PaymentFailurePage() {
  const [params] = useSearchParams();
  const details = useContactDetails();
  const contact = details
    ? { email: details.email, phone: details.usPhone, phoneHref: telHref(details.usPhone, 'US') }
    : null;
  return <PaymentFailure orderId={params.get('order_id')} contact={contact} />;
}
