/**
 * The tax center's state refund form on an islands page (ADR 021). Without JavaScript it submits
 * `?state=XX` and the server shows the state's link; with this island, Submit opens the state's official refund
 * page in a new tab at once, or shows the error tied to the select (the message the server would show).
 */
import { CHOOSE_STATE_MESSAGE, findStateRefundLink } from '../features/tax-center/state-refund-links.ts';

function errorElement(form: HTMLFormElement, select: HTMLSelectElement): HTMLElement {
  const id = `${select.id}-error`;
  const existing = form.querySelector<HTMLElement>(`[id="${id}"]`);
  if (existing) return existing;
  const error = document.createElement('p');
  error.id = id;
  // Mantine's own error classes (as the server renders an error), darkened for WCAG AA contrast.
  const description = form.querySelector<HTMLElement>(`[id="${select.id}-description"]`);
  error.className = (description?.className ?? '').replace(/description/g, 'error');
  error.style.color = 'var(--mantine-color-red-9)';
  select.closest('.mantine-InputWrapper-root, div')?.append(error);
  return error;
}

function setError(form: HTMLFormElement, select: HTMLSelectElement, message: string | null) {
  const describedBy = (select.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const errorId = `${select.id}-error`;
  if (message === null) {
    form.querySelector(`[id="${errorId}"]`)?.remove();
    select.removeAttribute('aria-invalid');
    select.removeAttribute('data-error');
    const rest = describedBy.filter((id) => id !== errorId);
    if (rest.length) select.setAttribute('aria-describedby', rest.join(' '));
    else select.removeAttribute('aria-describedby');
    return;
  }
  errorElement(form, select).textContent = message;
  select.setAttribute('aria-invalid', 'true');
  select.setAttribute('data-error', 'true');
  if (!describedBy.includes(errorId))
    select.setAttribute('aria-describedby', [...describedBy, errorId].join(' '));
}

export function enhance(element: HTMLElement): void {
  if (!(element instanceof HTMLFormElement)) return;
  const form = element;
  const select = form.querySelector<HTMLSelectElement>('select[name="state"]');
  if (!select) return;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const state = findStateRefundLink(select.value);
    if (!state) {
      setError(form, select, CHOOSE_STATE_MESSAGE);
      select.focus();
      return;
    }
    setError(form, select, null);
    window.open(state.url, '_blank', 'noopener,noreferrer');
  });
  select.addEventListener('change', () => {
    if (select.value) setError(form, select, null);
  });
  form.dataset['ready'] = 'true';
}
