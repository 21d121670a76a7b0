import { InvoicePage } from '../../features/invoices/components/invoice-page.tsx';
import { ConfirmingPayment, useCheckout } from '../../features/payments/components/checkout-flow.tsx';
import type { Route } from './+types/invoice';

export function meta() {
  return [{ title: 'Invoice' }, { name: 'robots', content: 'noindex' }];
}

/** One invoice; its Pay opens the same checkout as the payment page (the payments feature's one flow). */
export default function Invoice({ params }: Route.ComponentProps) {
  const checkout = useCheckout();
  if (checkout.isCompleting) return <ConfirmingPayment />;
  return (
    <>
      <InvoicePage
        key={params.invoiceId}
        invoiceId={params.invoiceId}
        onCheckout={checkout.start}
        checkoutError={checkout.error}
      />
      {checkout.dialog}
    </>
  );
}
