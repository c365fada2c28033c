import { useEffect } from 'react';
import { brandFileUrl, DEFAULT_BRAND_COLOUR } from '@academy/shared/brand';
import { usePublicSettings } from './api';

function setLink(rel: string, href: string, type?: string) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  if (type) link.type = type;
  link.href = href;
}

/**
 * The academy's brand on the page (issue 78): its colour as the CSS custom property --academy-accent
 * (and the interface's filled accent: buttons, the active link; dark enough for white text by the
 * server's rule) and the browser's theme-color; its logo's favicon and apple-touch-icon.
 */
export function useApplyBrand() {
  const brand = usePublicSettings().data?.brand;
  useEffect(() => {
    if (!brand) return;
    const root = document.documentElement;
    root.style.setProperty('--academy-accent', brand.colour);
    if (brand.colour !== DEFAULT_BRAND_COLOUR) root.setAttribute('data-academy-brand', '');
    else root.removeAttribute('data-academy-brand');
    document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.setAttribute('content', brand.colour);
    if (brand.logoUrl) {
      setLink('icon', brandFileUrl(brand.logoUrl, 'favicon'), 'image/png');
      setLink('apple-touch-icon', brandFileUrl(brand.logoUrl, 'apple-touch-icon'));
    } else {
      setLink('icon', '/favicon.svg', 'image/svg+xml');
      setLink('apple-touch-icon', '/apple-touch-icon.png');
    }
  }, [brand]);
}
