// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QrCodeConfirm, QrCodeText } from './qr-code-text';

afterEach(cleanup);

describe('what his payment QR code says', () => {
  it('is a link to tap only when it is a web address', () => {
    render(<QrCodeText text="https://venmo.com/u/Rim-Country-Carpentry" />);
    expect(screen.getByRole('link', { name: 'https://venmo.com/u/Rim-Country-Carpentry' })).toHaveAttribute(
      'href',
      'https://venmo.com/u/Rim-Country-Carpentry',
    );
  });

  it('shows a script or any other code as words, never as a link', () => {
    for (const text of ['javascript:alert(document.cookie)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>']) {
      const { container } = render(
        <QrCodeConfirm text={text} pending={false} onConfirm={() => {}} onCancel={() => {}} />,
      );
      expect(screen.getByRole('alert')).toHaveTextContent(`Scanning it opens: ${text.trim()}`);
      expect(container.querySelector('a')).toBeNull();
      cleanup();
    }
  });
});
