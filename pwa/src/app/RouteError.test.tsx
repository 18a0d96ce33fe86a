import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { renderInMemoryRouter } from '../test/render-app';
import { RouteErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('page crashed');
}

function Pages() {
  const { pathname } = useLocation();
  return (
    <I18nProvider initialLang="en">
      <nav>
        <Link to="/fine">elsewhere</Link>
      </nav>
      <RouteErrorBoundary resetKey={pathname}>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/fine" element={<p>a working page</p>} />
        </Routes>
      </RouteErrorBoundary>
    </I18nProvider>
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the error page for a page that throws, and the next page once the visitor goes elsewhere', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInMemoryRouter('/broken', <Pages />);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(
      consoleError.mock.calls.some((args) =>
        args.some((arg) => arg instanceof Error && arg.message === 'page crashed'),
      ),
    ).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByText('a working page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    consoleError.mockRestore();
  });
});
