import { useHouseholdMe } from '../../features/household/api/household.ts';
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
  // A household delegate reads the profile, numbers masked (issue 38).
  const me = useHouseholdMe();
  const rights = { canReveal: me?.can_reveal ?? true, canEdit: me?.kind !== 'delegate' };
  return <ProfilePage contact={contact} rights={rights} />;
}
