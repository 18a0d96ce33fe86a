// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { HOST_TAG, placeContainer } from './place.js';

describe('placeContainer', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('goes inside the element the merchant marked with data-feed-widget', () => {
    document.body.innerHTML = '<main><div id="slot" data-feed-widget></div></main><footer id="f"></footer>';
    const host = placeContainer(document);
    expect(host.tagName.toLowerCase()).toBe(HOST_TAG);
    expect(host.parentElement?.id).toBe('slot');
  });

  it('goes just before the page footer, not before a card footer inside an article', () => {
    document.body.innerHTML =
      '<section><article><footer id="card"></footer></article></section><div id="last"></div><footer id="site"></footer>';
    const host = placeContainer(document);
    expect(host.nextElementSibling?.id).toBe('site');
    expect(host.previousElementSibling?.id).toBe('last');
  });

  it('accepts a role=contentinfo footer', () => {
    document.body.innerHTML = '<div id="content"></div><div role="contentinfo" id="site"></div>';
    expect(placeContainer(document).nextElementSibling?.id).toBe('site');
  });

  it('falls back to the end of <body>', () => {
    document.body.innerHTML = '<main><article><footer></footer></article></main><p id="end"></p>';
    const host = placeContainer(document);
    expect(host.parentElement).toBe(document.body);
    expect(host.previousElementSibling?.id).toBe('end');
  });
});
