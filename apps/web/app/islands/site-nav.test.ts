import { MantineProvider } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteNav } from '../features/site-chrome/components/site-nav.tsx';
import { enhance } from './site-nav.ts';

/** The navbar as the server sends it, enhanced by the island as in the browser. */
function serveAndEnhance() {
  document.body.innerHTML = `${renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(MantineProvider, null, createElement(SiteNav, { firmName: 'Northwind Tax' })),
    ),
  )}<p>Outside</p>`;
  enhance(screen.getByTestId('site-nav'));
  const services = screen.getByTestId('services-menu') as HTMLDetailsElement;
  const mobile = screen.getByTestId('mobile-menu') as HTMLDetailsElement;
  return { services, mobile };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('site-nav island', () => {
  it('serves the Services menu as a details disclosure with every service link', () => {
    const { services } = serveAndEnhance();
    expect(services.open).toBe(false);
    expect(within(services).getByText('Services')).toBeInTheDocument();
    expect(
      within(services)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/us-tax-services', '/indian-tax-services']);
  });

  it('Escape closes the open menu and returns focus to its summary', async () => {
    const { services } = serveAndEnhance();
    const summary = within(services).getByText('Services');
    services.open = true;
    const link = within(services).getByRole('link', { name: 'US TAX SERVICES' });
    link.focus();
    await userEvent.keyboard('{Escape}');
    expect(services.open).toBe(false);
    expect(summary).toHaveFocus();
  });

  it('a click outside closes the open menu; a click inside does not', () => {
    const { services } = serveAndEnhance();
    services.open = true;
    fireEvent.pointerDown(within(services).getByRole('link', { name: 'US TAX SERVICES' }));
    expect(services.open).toBe(true);
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(services.open).toBe(false);
  });

  it('focus leaving the menu closes it', () => {
    const { services } = serveAndEnhance();
    services.open = true;
    fireEvent.focusOut(within(services).getByRole('link', { name: 'INDIAN TAX SERVICES' }), {
      relatedTarget: screen.getAllByRole('link', { name: 'Testimonials' })[0],
    });
    expect(services.open).toBe(false);
  });

  it('opening one menu closes the other', () => {
    const { services, mobile } = serveAndEnhance();
    services.open = true;
    mobile.open = true;
    fireEvent(mobile, new Event('toggle'));
    expect(services.open).toBe(false);
    expect(mobile.open).toBe(true);
  });
});
