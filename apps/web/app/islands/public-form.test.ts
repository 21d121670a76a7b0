import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CareersForm } from '../features/careers/components/careers-form.tsx';
import { ContactForm } from '../features/contact/components/contact-form.tsx';
import { PublicReferralForm } from '../features/referrals/components/public-referral-form.tsx';
import { applyMask, enhance } from './public-form.ts';

type FormComponent = ComponentType<{ token: string; result: null }>;

/** The form as the server renders it, enhanced by the island. */
function mount(form: FormComponent): HTMLFormElement {
  document.body.innerHTML = renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(form, { token: 'tok.en', result: null })),
  );
  const element = screen.getByRole('form');
  if (!(element instanceof HTMLFormElement)) throw new Error('no form');
  enhance(element);
  return element;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=cookie.token';
});
afterEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
});

describe('applyMask', () => {
  it('types the digits through the mask and stops where they end', () => {
    expect(applyMask('(000)-000-0000', '4695550100123')).toBe('(469)-555-0100');
    expect(applyMask('(000)-000-0000', '4695')).toBe('(469)-5');
    expect(applyMask('00000-00000', '(469)-555-0100')).toBe('46955-50100');
    expect(applyMask('00000-00000', '98765')).toBe('98765');
  });
});

describe('the public form island', () => {
  it("shows a field's message once it is left, marked up for assistive technology, and clears it when fixed", async () => {
    const user = userEvent.setup();
    mount(ContactForm as FormComponent);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.click(name);
    await user.tab();
    const message = screen.getByText('Name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    await user.type(name, 'Asha');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(name).not.toHaveAttribute('aria-invalid');
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'asha@');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
  });

  it('masks the phone for its country and re-masks it when the country changes', async () => {
    const user = userEvent.setup();
    mount(ContactForm as FormComponent);
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '4695550100123');
    expect(phone).toHaveValue('(469)-555-0100');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), 'INDIA');
    expect(phone).toHaveValue('46955-50100');
    await user.clear(phone);
    await user.type(phone, '98765');
    await user.tab();
    expect(screen.getByText('Phone Number must be 10 digits')).toBeVisible();
  });

  it('an empty submit shows every message and sends nothing', async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, 'fetch');
    mount(ContactForm as FormComponent);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const text of [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Message is required',
    ])
      expect(screen.getByText(text)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends a valid form to the API with the cookie's CSRF token, then shows the server's message and resets", async () => {
    const user = userEvent.setup();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(answer(200, { http_code: 200, status_smessage: 'Thank you, from the server.' }));
    const form = mount(PublicReferralForm as FormComponent);
    const about = within(screen.getByRole('group', { name: 'About you' }));
    await user.type(about.getByRole('textbox', { name: 'Name' }), 'Asha Rao');
    await user.type(about.getByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.type(about.getByRole('textbox', { name: 'Phone number' }), '4695550100');
    await user.type(screen.getByRole('textbox', { name: 'Your friend name' }), 'Vikram');
    await user.type(screen.getByRole('textbox', { name: 'Your friend email' }), 'ASHA@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Your friend phone number' }), '9876543210');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'FBAR help');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Both emails are same')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();

    const friendEmail = screen.getByRole('textbox', { name: 'Your friend email' });
    await user.clear(friendEmail);
    await user.type(friendEmail, 'vikram@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Thank you, from the server.'),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/saverefferal');
    expect(init?.headers).toMatchObject({
      'X-XSRF-TOKEN': 'cookie.token',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      rf_on_name: 'Asha Rao',
      rf_on_email: 'asha@example.com',
      rf_on_phone_ext: 'US',
      rf_on_phone: '(469)-555-0100',
      rf_name: 'Vikram',
      rf_email: 'vikram@example.com',
      rf_phone_ext: 'US',
      rf_phone: '(987)-654-3210',
      rf_comment: 'FBAR help',
    });
    expect(screen.getByRole('textbox', { name: 'Your friend name' })).toHaveValue('');
    // The reset keeps the page's CSRF token for a post without JavaScript.
    expect(new FormData(form).get('_csrf')).toBe('tok.en');
  });

  it("puts the server's field messages next to their fields, and empties a refused résumé", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(400, {
        http_code: 400,
        code: 'VALIDATION_FAILED',
        status_smessage: 'Resume must be a PDF or Word document',
        details: { resume: 'Resume must be a PDF or Word document' },
      }),
    );
    mount(CareersForm as FormComponent);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Imposter');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'File');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'imposter@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '2145550142');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'CV attached');
    const resume = screen.getByLabelText(/Résumé/);
    await user.upload(resume, new File([new Uint8Array(5000)], 'cv.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(screen.getByText('Resume must be a PDF or Word document')).toBeVisible());
    expect(resume).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Imposter');
  });

  it("refuses a résumé of 6 MB or more as soon as it is chosen, in the spec's words", async () => {
    const user = userEvent.setup();
    mount(CareersForm as FormComponent);
    const resume = screen.getByLabelText<HTMLInputElement>(/Résumé/);
    await user.upload(resume, new File([new Uint8Array(6_291_456)], 'big.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Resume size should be less than 6MB')).toBeVisible();
    expect(resume.value).toBe('');
  });

  it("a lost connection says 'Please try again later.' on the careers form, keeps what was typed and clears the message after 2 s", async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
      mount(CareersForm as FormComponent);
      await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Lena');
      await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Ortiz');
      await user.type(screen.getByRole('textbox', { name: 'Email' }), 'lena@example.com');
      await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '4695550100');
      await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hello');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please try again later.'));
      expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Lena');
      vi.advanceTimersByTime(2000);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("fills a signed-in client's name and e-mail read-only, and keeps them after a referral is sent", async () => {
    window.localStorage.setItem('access_token', 'user-1');
    window.localStorage.setItem('user_name', 'Ravi Kumar');
    window.localStorage.setItem('email', 'ravi@example.com');
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(200, { http_code: 200, status_smessage: 'Thank you for your referral.' }),
    );
    mount(PublicReferralForm as FormComponent);
    const about = within(screen.getByRole('group', { name: 'About you' }));
    const name = about.getByRole('textbox', { name: 'Name' });
    const email = about.getByRole('textbox', { name: 'Email' });
    expect(name).toHaveValue('Ravi Kumar');
    expect(email).toHaveValue('ravi@example.com');
    expect(name).toHaveAttribute('readonly');
    expect(email).toHaveAttribute('readonly');
    await user.type(email, 'x');
    expect(email).toHaveValue('ravi@example.com');

    await user.type(about.getByRole('textbox', { name: 'Phone number' }), '4695550100');
    await user.type(screen.getByRole('textbox', { name: 'Your friend name' }), 'Kiran Das');
    await user.type(screen.getByRole('textbox', { name: 'Your friend email' }), 'kiran@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Your friend phone number' }), '4695550111');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'FBAR help');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Thank you for your referral.'),
    );
    expect(name).toHaveValue('Ravi Kumar');
    expect(email).toHaveValue('ravi@example.com');
  });

  it('leaves the referrer fields open to a visitor who is not signed in', () => {
    window.localStorage.setItem('user_name', 'Stale Name');
    mount(PublicReferralForm as FormComponent);
    const name = within(screen.getByRole('group', { name: 'About you' })).getByRole('textbox', {
      name: 'Name',
    });
    expect(name).toHaveValue('');
    expect(name).not.toHaveAttribute('readonly');
  });
});
