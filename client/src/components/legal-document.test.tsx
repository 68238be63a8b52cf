// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { privacyPolicy, termsOfService } from '@shared/content/legal';
import { LegalDocument } from './legal-document';

afterEach(cleanup);

const todayLong = () => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

describe.each([privacyPolicy, termsOfService])('LegalDocument: $title', (document) => {
  it("shows the title, today's date as the last update and every section", () => {
    render(<LegalDocument document={document} />);
    expect(screen.getByRole('heading', { level: 1, name: document.title })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent(`Last updated: ${todayLong()}`);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(document.sections.map((section) => section.heading));
  });

  it('gives the e-mail and phone as links', () => {
    render(<LegalDocument document={document} />);
    const contact = screen.getByRole('complementary', { name: 'Contact details' });
    expect(within(contact).getByRole('link', { name: business.email })).toHaveAttribute(
      'href',
      `mailto:${business.email}`,
    );
    expect(within(contact).getByRole('link', { name: business.phoneDisplay })).toHaveAttribute(
      'href',
      `tel:${business.phoneE164}`,
    );
  });
});
