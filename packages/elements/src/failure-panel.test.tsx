import { LocaleProvider } from '@lumen-bi/views';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FailurePanel } from './failure-panel';

afterEach(cleanup);

describe('FailurePanel', () => {
  it("names the failure in the element's locale and keeps the server's detail as written", async () => {
    render(
      <LocaleProvider locale="de">
        <FailurePanel failure={{ code: 'AUDIENCE_MISMATCH', message: 'Token audience "a" is not "b"' }} />
      </LocaleProvider>,
    );
    const panel = await screen.findByRole('alert');
    await screen.findByText('Das Gast-Token wurde für eine andere Zielgruppe ausgestellt.');
    expect(panel.textContent).toBe('Das Gast-Token wurde für eine andere Zielgruppe ausgestellt. Token audience "a" is not "b"');
  });

  it('does not repeat a server message that is the English headline itself', () => {
    render(<FailurePanel failure={{ code: 'TOKEN_EXPIRED', message: 'The guest token has expired' }} />);
    expect(screen.getByRole('alert').textContent).toBe('The guest token has expired. ');
  });
});
