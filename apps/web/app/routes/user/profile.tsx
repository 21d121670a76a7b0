import { ProfilePage } from '../../features/profile/components/profile-page.tsx';
import { useContactDetails } from '../../features/site-chrome/api/get-site-settings.ts';
import { telHref } from '../../features/site-chrome/contact-details.ts';

export function meta() {
  return [{ title: 'Profile Information' }, { name: 'robots', content: 'noindex' }];
}

export default function Profile() {
  const details = useContactDetails();
  const contact = details
    ? { email: details.email, phone: details.usPhone, phoneHref: telHref(details.usPhone, 'US') }
    : null;
  return <ProfilePage contact={contact} />;
}
