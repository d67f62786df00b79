import { describe, expect, it } from 'vitest';
import { parseBannerMessage } from './banner-message.ts';

describe('parseBannerMessage', () => {
  it('turns <strong> runs into extra-bold segments and replaces baseURL by the origin', () => {
    expect(
      parseBannerMessage(
        'Revise <strong>sus sellos</strong> en baseURL/configuraciones.',
        'https://app.mx',
      ),
    ).toEqual([
      { text: 'Revise ', strong: false },
      { text: 'sus sellos', strong: true },
      { text: ' en https://app.mx/configuraciones.', strong: false },
    ]);
  });

  it('leaves any other markup as text', () => {
    expect(parseBannerMessage('<img src=x onerror=alert(1)>', 'o')).toEqual([
      { text: '<img src=x onerror=alert(1)>', strong: false },
    ]);
  });
});
