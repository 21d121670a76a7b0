import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HomePopup, type HomePopupProps } from '../features/home/components/home-popup.tsx';
import { HOME_POPUP_CLOSED_KEY } from '../features/home/popup.ts';
import { enhance } from './home-popup.ts';

const FIRM = 'Meridian Tax & Accounting';
/** Noon on 2027-01-31 in the visitor's own time zone. */
const JAN_31_2027 = new Date(2027, 0, 31, 12);

// jsdom has <dialog> without showModal() and close(): the browser's behaviour, as far as the island uses it.
const nativeDialog = {
  showModal: HTMLDialogElement.prototype.showModal,
  close: HTMLDialogElement.prototype.close,
};
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
    within(this).getAllByRole('button')[0]?.focus();
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  Object.assign(HTMLDialogElement.prototype, nativeDialog);
  window.sessionStorage.clear();
  document.body.innerHTML = '';
});

function serverHtml(props: Partial<HomePopupProps>): string {
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(HomePopup, {
        enabled: true,
        type: 1,
        offerEndDate: '2027-01-31',
        firmName: FIRM,
        ...props,
      }),
    ),
  );
}

/** The popup as the server renders it (after a focused button), enhanced by the island on `now`. */
function popup(props: Partial<HomePopupProps> = {}, now = JAN_31_2027) {
  document.body.innerHTML = `<button type="button">Before</button>${serverHtml(props)}`;
  screen.getByRole('button', { name: 'Before' }).focus();
  // The island's element is a plain <div>, found by its mark as the islands entry finds it.
  // eslint-disable-next-line testing-library/no-node-access
  const root = document.querySelector<HTMLElement>('[data-island="home-popup"]');
  if (!root) throw new Error('no popup in the HTML');
  enhance(root, now);
}

const openDialogs = () => screen.queryAllByRole('dialog');

describe('home popup island', () => {
  it('opens the offer through its last day, judged by the visitor’s own date', () => {
    popup();
    const dialog = screen.getByRole('dialog', { name: 'Welcome offer: 50% off your tax filing' });
    expect(dialog).toHaveTextContent('Offer valid till January 31, 2027');
    expect(openDialogs()).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('opens the welcome instead once the offer has ended', () => {
    popup({}, new Date(2027, 1, 1, 0, 5));
    const dialog = screen.getByRole('dialog', { name: `Welcome to ${FIRM}` });
    expect(dialog).not.toHaveTextContent('50%');
    expect(openDialogs()).toHaveLength(1);
  });

  it.each([
    [2, 'File with us this season'],
    [3, `Welcome to ${FIRM}`],
  ] as const)('type %i opens its own design', (type, name) => {
    popup({ type });
    expect(screen.getByRole('dialog', { name })).toHaveAttribute('open');
  });

  it('Close shuts it, gives focus back and keeps it shut for the visit', async () => {
    popup();
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(openDialogs()).toHaveLength(0);
    expect(window.sessionStorage.getItem(HOME_POPUP_CLOSED_KEY)).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();

    popup();
    expect(openDialogs()).toHaveLength(0);
  });

  it('Escape counts as closing it at once, before the browser closes the dialog', async () => {
    popup();
    await userEvent.keyboard('{Escape}');
    expect(window.sessionStorage.getItem(HOME_POPUP_CLOSED_KEY)).not.toBeNull();
  });

  it('"Maybe later" and a click on the backdrop shut it', async () => {
    popup();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Maybe later' }));
    expect(openDialogs()).toHaveLength(0);

    window.sessionStorage.clear();
    popup({ type: 3 });
    await userEvent.click(screen.getByRole('dialog'));
    expect(openDialogs()).toHaveLength(0);
    expect(window.sessionStorage.getItem(HOME_POPUP_CLOSED_KEY)).not.toBeNull();
  });

  it('following its call to action counts as closing it', async () => {
    popup({ type: 2 });
    const link = within(screen.getByRole('dialog')).getByRole('link', { name: 'Contact Us' });
    expect(link).toHaveAttribute('href', '/contact-us');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(window.sessionStorage.getItem(HOME_POPUP_CLOSED_KEY)).not.toBeNull();
  });

  it('keeps Tab inside the dialog, both ways', async () => {
    popup({ type: 3 });
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('button', { name: 'Continue to the site' });
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(last).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
  });
});
