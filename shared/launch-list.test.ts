import { describe, expect, it } from 'vitest';
import { pictureLaunchItem, siteUrlLaunchItem } from './launch-list';

describe('the launch list’s pictures', () => {
  it('names a picture as the owner knows it, never by its file', () => {
    const cabinets = pictureLaunchItem('images/services/cabinets.svg', false);
    expect(cabinets.what).toBe('Drawn picture: Cabinets');
    expect(cabinets.href).toBe('/owner/photos#picture-services-cabinets');
    expect(pictureLaunchItem('images/qr/venmo.svg', true).what).toBe('Payment QR code: Venmo QR code is a placeholder');
    // A picture no place names yet still reads as words.
    expect(pictureLaunchItem('images/services/tile-work.svg', false).what).toBe('Drawn picture: tile work');
    // The file stays in the id, for the command that lists them by file.
    expect(cabinets.id).toBe('picture:images/services/cabinets.svg');
  });
});

describe('the launch list’s site address', () => {
  it('says the address is a sample one in words, naming no server setting', () => {
    const item = siteUrlLaunchItem('https://www.rimcountrycarpentry.example');
    expect(item?.what).toBe(
      'Site address: https://www.rimcountrycarpentry.example is a sample address; whoever put the site online sets its real one',
    );
    expect(item?.what).not.toMatch(/SITE_URL|server/);
    expect(siteUrlLaunchItem('https://www.rimcountrycarpentry.com')).toBeNull();
  });
});
