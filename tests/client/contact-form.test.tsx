// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { M } from '../../shared/messages/public';
import { ContactForm } from '../../client/features/contact/ContactForm';

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' });

describe('contact form', () => {
  it('shows the Turkish validation errors and sends nothing', async () => {
    const server = fakeServer({ 'content.submitContact': () => ({ ok: true }) });
    renderWithApp(<ContactForm />, server);
    const user = userEvent.setup();

    await user.type(input(M.contact.name), 'A');
    await user.type(input(M.contact.email), 'ayse-at-example');
    await user.type(input(M.contact.message), 'Kısa');
    await user.click(screen.getByRole('button', { name: M.contact.submit }));

    expect(await screen.findByText(M.validation.fullNameMin)).toBeTruthy();
    expect(await screen.findByText(M.validation.email)).toBeTruthy();
    expect(await screen.findByText(M.contact.messageMin)).toBeTruthy();
    expect(server.inputs('content.submitContact')).toEqual([]);
  });

  it('sends the typed message, thanks the visitor and offers to write another', async () => {
    const server = fakeServer({ 'content.submitContact': () => ({ ok: true }) });
    renderWithApp(<ContactForm />, server);
    const user = userEvent.setup();

    await user.type(input(M.contact.name), 'Ayşe Satıcı');
    await user.type(input(M.contact.email), 'ayse@example.com');
    await user.type(input(M.contact.message), 'Toplu fiyat teklifi almak istiyorum.');
    await user.click(screen.getByRole('button', { name: M.contact.submit }));

    expect(await screen.findByText(M.contact.success)).toBeTruthy();
    expect(server.inputs('content.submitContact')).toEqual([
      { name: 'Ayşe Satıcı', email: 'ayse@example.com', company: null, message: 'Toplu fiyat teklifi almak istiyorum.' },
    ]);

    await user.click(screen.getByRole('button', { name: M.contact.sendAnother }));
    expect((input(M.contact.name) as HTMLInputElement).value).toBe('');
  });
});
