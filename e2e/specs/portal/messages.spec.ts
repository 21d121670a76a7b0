import { phonePhoto, VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { staffMember, takeFile } from '../../support/journeys.ts';
import {
  apiPost,
  auditTrailOf,
  clientMenu,
  loginThroughPanel,
  verifiedAccount,
} from '../../support/portal.ts';
import { mailsTo } from '../../support/staff.ts';

test.describe('secure messages between a client and the firm', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('a photo from a phone, an internal note and a reply: the client never sees the note, the analyst sees "Seen", all audited', async ({
    page,
    server,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    test.setTimeout(300_000);
    const email = 'messages.client@example.com';
    const question = "Do I report my mother's joint FD in Pune? <b>Photo attached</b>";
    const note = 'Internal: check the FBAR threshold with the reviewer before answering.';
    const reply =
      'Yes: report the interest on Schedule B, and the account on the FBAR if it is over $10,000.';

    await verifiedAccount(page, mailbox, email);
    const check = await apiPost(page, 'login/check', { email, password: 'correct horse battery' });
    const clientId = ((await check.json()) as { uinfo: { client_id: string } }).uinfo.client_id;
    await page.goto('/');
    await loginThroughPanel(page, email);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // The analyst takes the file first (her own browser, a desktop). The firm's owner who invites her may come
    // from the command line, which on the embedded database restarts the server: the phone leaves the app
    // meanwhile, as the staff page does (staffFromCliOffPage), so its refetches do not hit the restart; it
    // comes back below.
    await page.goto('about:blank');
    const staff = await staffDesk(staffMember('analyst', 'asha.msg@firm.example', 'Asha Iyer'));
    await takeFile(staff, clientId);
    await expect(staff.getByText('Asha Iyer').first()).toBeVisible();

    // The client writes from the phone, with a photo attached.
    await page.goto('/user/dashboard');
    const menu = await clientMenu(page);
    await menu.getByRole('link', { name: /^Messages/ }).click();
    await expect(page).toHaveURL(/\/user\/messages$/);
    await checkA11y(page);
    await page.getByLabel('Your message').fill(question);
    await page.getByLabel('Choose files to attach').setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(page, 'FD receipt'),
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // The text arrives as text: the tags are shown, not interpreted.
    await expect(page.getByText(question, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Download IMG_2041\.jpg/ })).toBeVisible();
    await expect(page.getByText('Sent', { exact: true })).toBeVisible();
    await checkA11y(page);

    // The analyst sees it unread in the inbox.
    await staff.goto('/staff/messages');
    const row = staff.getByRole('row', { name: /Ravi/ });
    await expect(row).toContainText('1 unread');
    await expect(
      staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: /Messages/ }),
    ).toContainText('1');
    await checkA11y(staff);
    await row.getByRole('link', { name: /Ravi/ }).click();
    const thread = staff.getByRole('region', { name: /^Messages with/ });
    await expect(thread.getByText(question, { exact: true })).toBeVisible();
    await checkA11y(staff);

    // An internal note, then the reply.
    await thread.getByRole('radio', { name: 'Internal note' }).check();
    await thread.getByLabel('Note', { exact: true }).fill(note);
    await thread.getByRole('button', { name: 'Save note' }).click();
    await expect(thread.getByRole('article', { name: /^Internal note/ })).toContainText(note);
    const before = mailbox.received.length;
    await thread.getByRole('radio', { name: 'Reply to client' }).check();
    await thread.getByLabel('Message', { exact: true }).fill(reply);
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await expect(thread.getByText(reply)).toBeVisible();
    await checkA11y(staff);

    // The client gets an e-mail that says there is a message, and nothing of it.
    await expect.poll(() => mailsTo(mailbox, email, before).length, { timeout: 30_000 }).toBe(1);
    const alert = mailsTo(mailbox, email, before)[0]?.body ?? '';
    expect(alert).toMatch(/You have a new message from/);
    expect(alert).not.toContain('Schedule B');
    expect(alert).not.toContain('FBAR threshold');

    // The client opens the portal: the reply is there, the note is not.
    await page.goto('/user/dashboard');
    const bell = page.getByRole('banner').getByRole('button', { name: /Notifications, \d+ unread/ });
    await expect(bell).toBeVisible();
    await (await clientMenu(page)).getByRole('link', { name: /^Messages/ }).click();
    await expect(page.getByText(reply)).toBeVisible();
    await expect(page.getByText(note)).toHaveCount(0);
    await expect(page.getByText(/Seen by Asha/)).toBeVisible();
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
    await checkA11y(page);

    // The analyst sees "Seen".
    await staff.reload();
    await expect(thread.getByText(/^Seen /)).toBeVisible({ timeout: 15_000 });
    await staff.setViewportSize(VIEWPORTS.phone);
    await checkA11y(staff);
    await staff.goto('/staff/messages');
    await checkA11y(staff);
    await staff.context().close();

    // Each step is in the audit log.
    await page.goto('about:blank');
    const actions = (await auditTrailOf(server, email)).map((r) => r.action);
    for (const action of [
      'messages.send',
      'staff.messages.read',
      'staff.messages.note',
      'staff.messages.send',
    ]) {
      expect(actions, action).toContain(action);
    }
  });
});
