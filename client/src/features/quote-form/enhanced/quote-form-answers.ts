import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { notifications, photoInput, submitButton } from './render-quote-form';

/** What a visitor types and chooses in the full quote form, in its tests: valid answers, and a photo. */

export const valid = {
  name: 'Jamie Rivera',
  phone: '(928) 555-0199',
  email: 'jamie@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'About 12 x 16 ft, back yard, gate on the left side.',
} as const;

export async function fillValid(user: UserEvent, values: Partial<Record<keyof typeof valid, string>> = valid) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.phone) await user.type(screen.getByLabelText('Phone'), values.phone);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.projectType) await user.selectOptions(screen.getByLabelText('Project Type'), values.projectType);
  if (values.city) await user.type(screen.getByLabelText('City'), values.city);
  if (values.budgetRange) await user.selectOptions(screen.getByLabelText('Budget Range'), values.budgetRange);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
}

/** The fields of a form just cleared or sent. */
export const emptyValues = {
  name: '',
  phone: '',
  email: '',
  projectType: '',
  city: '',
  budgetRange: '',
  message: '',
} as const;

/** Fills the form with `values`, sends it and waits for the toast that says it was submitted. */
export async function sendValid(user: UserEvent, values: Partial<Record<keyof typeof valid, string>> = valid) {
  await fillValid(user, values);
  await user.click(submitButton());
  await notifications().findByText('Quote request submitted!');
}

/** Chooses a photo and waits until it is uploaded. */
export async function attachPhoto(user: UserEvent) {
  await user.upload(photoInput(), pngFile());
  await screen.findByText('Photo Uploaded');
}

export function fieldValues() {
  return {
    name: (screen.getByLabelText('Name') as HTMLInputElement).value,
    phone: (screen.getByLabelText('Phone') as HTMLInputElement).value,
    email: (screen.getByLabelText('Email') as HTMLInputElement).value,
    projectType: (screen.getByLabelText('Project Type') as HTMLSelectElement).value,
    city: (screen.getByLabelText('City') as HTMLInputElement).value,
    budgetRange: (screen.getByLabelText('Budget Range') as HTMLSelectElement).value,
    message: (screen.getByLabelText('Message') as HTMLTextAreaElement).value,
  };
}

export const pngFile = (name = 'porch.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });
