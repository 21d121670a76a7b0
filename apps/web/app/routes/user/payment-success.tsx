import { useSearchParams } from 'react-router';
import { PaymentReceipt } from '../../features/payments/components/payment-outcome.tsx';

export function meta() {
  return [{ title: 'Payment successful' }, { name: 'robots', content: 'noindex' }];
}

export default function PaymentSuccess() {
  const [params] = useSearchParams();
  return <PaymentReceipt orderId={params.get('order_id')} />;
}
