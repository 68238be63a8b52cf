// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
