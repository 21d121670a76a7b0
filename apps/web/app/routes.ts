import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('profile', 'routes/public/profile.tsx'),
    route('tax-services', 'routes/public/tax-services.tsx'),
    route('us-tax-services', 'routes/public/us-tax-services.tsx'),
    route('indian-tax-services', 'routes/public/indian-tax-services.tsx'),
    route('testimonials', 'routes/public/testimonials.tsx'),
    route('careers', 'routes/public/careers.tsx'),
    route('contact-us', 'routes/public/contact-us.tsx'),
    route('tax-center', 'routes/public/tax-center.tsx'),
    route('refer-a-friend', 'routes/public/refer-a-friend.tsx'),
    route('privacy-policy', 'routes/public/privacy-policy.tsx'),
    route('terms-conditions', 'routes/public/terms-conditions.tsx'),
    route('disclaimer', 'routes/public/disclaimer.tsx'),
    route('paypal-payment', 'routes/public/paypal-payment.tsx'),
    route('accountverifyuser', 'routes/public/account-verify-user.tsx'),
    route('newpasswordlink', 'routes/public/new-password-link.tsx'),
    route('resetpasswordlink/:id', 'routes/public/reset-password-link.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  ...prefix('user', [
    layout('routes/user/layout.tsx', [
      route('dashboard', 'routes/user/dashboard.tsx'),
      route('profile', 'routes/user/profile.tsx'),
      route('upload', 'routes/user/upload.tsx'),
      route('tax-summary', 'routes/user/tax-summary.tsx'),
      route('refferrals', 'routes/user/referrals.tsx'),
      route('saverefferral', 'routes/user/save-referral.tsx'),
      // The spelling of the same page.
      route('saverefferal', 'routes/user/save-referral-alias.tsx'),
      route('payment', 'routes/user/payment.tsx'),
      route('paymentsuccess', 'routes/user/payment-success.tsx'),
      route('paymentfailure', 'routes/user/payment-failure.tsx'),
      route('changepassword', 'routes/user/change-password.tsx'),
      route('security', 'routes/user/security.tsx'),
    ]),
  ]),
  ...prefix('staff', [
    route('login', 'routes/staff/login.tsx'),
    layout('routes/staff/layout.tsx', [
      index('routes/staff/home.tsx'),
      route('clients/:clientId', 'routes/staff/client.tsx'),
      route('inbox', 'routes/staff/inbox.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
