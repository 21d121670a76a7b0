import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { staffMember } from '../../support/journeys.ts';
import { answerConsentsOnScreen, loginThroughPanel, PASSWORD } from '../../support/portal.ts';
import { setPasswordThroughLink } from '../../support/staff.ts';

test.describe('staff invite a client who phoned', () => {
  test('the analyst invites from the console; the client sets a password with the e-mailed link and signs in', async ({
    page,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    const email = 'walk.in@example.com';
    const staff = await staffDesk(staffMember('analyst', 'invite.analyst@firm.example', 'Meena Rao'));
    await staff.goto('/staff/queues');
    await staff.getByRole('button', { name: 'Invite a client' }).click();
    const form = staff.getByRole('form', { name: 'Invite a client' });
    await checkA11y(staff);
    // Nothing filled: the registration's messages, nothing sent.
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await form.getByLabel('First name').fill('Kavya');
    await form.getByLabel('Last name').fill('Menon');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Phone number').fill('4695550177');
    const since = mailbox.received.length;
    await form.getByRole('button', { name: 'Send invitation' }).click();
    // The new client's file, taken by the analyst who invited.
    await expect(staff).toHaveURL(/\/staff\/clients\/[0-9a-f-]{36}$/);
    await expect(staff.getByRole('heading', { level: 1, name: 'Kavya Menon' })).toBeVisible();
    await expect(staff.getByText('This file is assigned to you.')).toBeVisible();
    await checkA11y(staff);
    // The invitation at a phone's width.
    await staff.setViewportSize(VIEWPORTS.phone);
    await staff.goto('/staff/queues');
    await staff.getByRole('button', { name: 'Invite a client' }).click();
    await checkA11y(staff);
    await staff.context().close();

    // The client chooses a password through the e-mailed link, then signs in.
    const link = await mailbox.link(email, 'resetpasswordlink', since);
    await setPasswordThroughLink(page, link, PASSWORD);
    await page.goto('/');
    await loginThroughPanel(page, email);
    // Invited by staff, they never ticked the terms: asked with the §7216 question at this first sign-in.
    await answerConsentsOnScreen(page, 'No', 'Kavya Menon', { acceptTerms: true });
  });
});
