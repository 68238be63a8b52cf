// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptySiteContent } from '@shared/content/site-content';
import type { UploadedPhoto } from '@shared/content/types';
import { SiteContentContext } from '@/lib/site-content';
import { Picture, imagePath } from './picture';

afterEach(() => cleanup());

function parts(container: HTMLElement) {
  const picture = container.querySelector('picture');
  const avif = container.querySelector('source[type="image/avif"]');
  const webp = container.querySelector('source[type="image/webp"]');
  const img = container.querySelector('img');
  if (!picture || !avif || !webp || !img) throw new Error('incomplete <picture>');
  return { picture, avif, webp, img };
}

describe('Picture', () => {
  it('lists every width of the kind in AVIF, WebP and JPEG srcsets', () => {
    const { container } = render(<Picture name="framing" kind="service" alt="A framed stud wall" />);
    const { avif, webp, img } = parts(container);
    expect(avif.getAttribute('srcset')).toBe(
      '/img/services/framing-480.avif 480w, /img/services/framing-800.avif 800w, /img/services/framing-1200.avif 1200w',
    );
    expect(webp.getAttribute('srcset')).toBe(
      '/img/services/framing-480.webp 480w, /img/services/framing-800.webp 800w, /img/services/framing-1200.webp 1200w',
    );
    expect(img.getAttribute('srcset')).toBe(
      '/img/services/framing-480.jpg 480w, /img/services/framing-800.jpg 800w, /img/services/framing-1200.jpg 1200w',
    );
    expect(img.getAttribute('src')).toBe('/img/services/framing-800.jpg');
    expect(img).toHaveAttribute('alt', 'A framed stud wall');
  });

  it('always sets the width and height of the kind', () => {
    const hero = parts(render(<Picture name="home" kind="hero" alt="" />).container).img;
    expect(hero).toHaveAttribute('width', '1600');
    expect(hero).toHaveAttribute('height', '900');
    expect(hero).toHaveAttribute('src', '/img/hero/home-1024.jpg');
    const portrait = parts(render(<Picture name="owner" kind="portrait" alt="The owner" />).container).img;
    expect(portrait).toHaveAttribute('width', '800');
    expect(portrait).toHaveAttribute('height', '1000');
  });

  it('loads lazily by default', () => {
    const { img } = parts(render(<Picture name="deck-rebuild-after" kind="gallery" alt="New deck" />).container);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads eagerly with high fetch priority when priority is set', () => {
    const { img } = parts(render(<Picture name="home" kind="hero" alt="Rim Country at dusk" priority />).container);
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    // Painted with the page rather than in a later frame: it is the first screen's largest picture.
    expect(img).not.toHaveAttribute('decoding', 'async');
  });

  it('uses the default sizes, or the given one, on every source', () => {
    const first = parts(render(<Picture name="framing" kind="service" alt="" />).container);
    for (const el of [first.avif, first.webp, first.img])
      expect(el).toHaveAttribute('sizes', '(min-width: 1024px) 50vw, 100vw');
    cleanup();
    const second = parts(render(<Picture name="venmo" kind="qr" alt="Venmo QR code" sizes="300px" />).container);
    for (const el of [second.avif, second.webp, second.img]) expect(el).toHaveAttribute('sizes', '300px');
  });

  it('passes the class names to <picture> and <img>', () => {
    const { picture, img } = parts(
      render(
        <Picture name="framing" kind="service" alt="" className="block" imgClassName="h-full w-full object-cover" />,
      ).container,
    );
    expect(picture).toHaveClass('block');
    expect(img).toHaveClass('h-full', 'w-full', 'object-cover');
  });

  it('accepts names that already include the folder', () => {
    expect(imagePath('services/framing', 'service')).toBe('services/framing');
    expect(imagePath('framing', 'service')).toBe('services/framing');
    const { img } = parts(render(<Picture name="gallery/deck-rebuild-before" kind="gallery" alt="" />).container);
    expect(img.getAttribute('src')).toBe('/img/gallery/deck-rebuild-before-800.jpg');
  });

  it("shows the owner's photo in place of a drawing he replaced, in the drawing's shape, at each of its widths", () => {
    const decks: UploadedPhoto = {
      id: 'd1',
      width: 1200,
      height: 900,
      widths: [480, 800, 1200],
      placeholder: 'data:,',
    };
    const venmo: UploadedPhoto = {
      id: 'q1',
      width: 600,
      height: 600,
      widths: [300, 600],
      placeholder: 'data:,',
      format: 'png',
    };
    const { container } = render(
      <SiteContentContext value={{ ...emptySiteContent, pictures: { 'services/decks': decks, 'qr/venmo': venmo } }}>
        <Picture name="services/decks" kind="service" alt="A new deck" />
        <Picture name="services/framing" kind="service" alt="Framing" />
        <Picture name="qr/venmo" kind="qr" alt="Venmo QR code" />
      </SiteContentContext>,
    );
    const [own, drawing, qr] = [...container.querySelectorAll('picture')];
    expect(own!.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      '/img/projects/d1-480.avif 480w, /img/projects/d1-800.avif 800w, /img/projects/d1-1200.avif 1200w',
    );
    expect(own!.querySelector('img')).toHaveAttribute('width', '1200');
    expect(own!.querySelector('img')).toHaveAttribute('height', '900');
    expect(drawing!.querySelector('img')).toHaveAttribute('src', '/img/services/framing-800.jpg');
    // A QR code of his: lossless PNG only, no lossy source at all.
    expect(qr!.querySelector('source')).toBeNull();
    expect(qr!.querySelector('img')).toHaveAttribute(
      'srcset',
      '/img/projects/q1-300.png 300w, /img/projects/q1-600.png 600w',
    );
    expect(qr!.querySelector('img')).toHaveAttribute('src', '/img/projects/q1-600.png');
  });

  it('keeps the point the owner picked in view however the header crops his photo: its object-position', () => {
    const hero: UploadedPhoto = {
      id: 'h1',
      width: 1600,
      height: 900,
      widths: [640, 1024, 1600],
      placeholder: 'data:,',
      focus: { x: 88, y: 30 },
    };
    const { container } = render(
      <SiteContentContext value={{ ...emptySiteContent, pictures: { 'hero/home': hero } }}>
        <Picture name="hero/home" kind="hero" alt="" imgClassName="h-full w-full object-cover object-[70%_center]" />
      </SiteContentContext>,
    );
    const img = container.querySelector('img')!;
    expect(img.style.objectPosition).toBe('88% 30%');
    // The drawing keeps the page's own position.
    cleanup();
    const drawing = render(<Picture name="hero/home" kind="hero" alt="" />).container.querySelector('img')!;
    expect(drawing.style.objectPosition).toBe('');
  });
});
