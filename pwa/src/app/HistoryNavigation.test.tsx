import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { HistoryNavigation } from './HistoryNavigation';
import { createPath, Link, NavLink, useLocation, useNavigate, useNavigationType } from './navigation';

function Probe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{`${navigationType} ${createPath(location)} ${location.key}`}</p>
      <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
        home
      </NavLink>
      <Link to="/#pricing">pricing</Link>
      <Link to="/login">
        <span>login</span>
      </Link>
      <button type="button" onClick={() => navigate({ search: '?lang=en' }, { replace: true })}>
        english
      </button>
    </>
  );
}

/** The probe in a page shown without the router at `/`, after a visit to the pages `before`. */
function renderAt(path: string, before: string[] = []) {
  const [first, ...rest] = [...before, path];
  window.history.replaceState(null, '', first);
  for (const entry of rest) window.history.pushState(null, '', entry);
  const prepare = vi.fn();
  const leave = vi.fn();
  render(
    <HistoryNavigation path="/" prepare={prepare} leave={leave}>
      <Probe />
    </HistoryNavigation>,
  );
  const where = () => screen.getByTestId('where').textContent!.split(' ');
  return { prepare, leave, where };
}

const popState = () =>
  new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));

describe('HistoryNavigation', () => {
  it('moves within the page as React Router would, writing history entries the router can read', async () => {
    const { leave, where } = renderAt('/');
    expect(where()).toEqual(['POP', '/', 'default']);
    expect(window.history.state).toEqual({ idx: 0 });
    expect(screen.getByRole('link', { name: 'home' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('link', { name: 'pricing' }));
    const [type, address, key] = where();
    expect([type, address]).toEqual(['PUSH', '/#pricing']);
    expect(key).not.toBe('default');
    expect(window.location.hash).toBe('#pricing');
    expect(window.history.state).toEqual({ usr: null, key, idx: 1 });
    // Still this page: the home link is still the current one.
    expect(screen.getByRole('link', { name: 'home' }).className).toBe('on');

    // A link to where the visitor already is replaces the entry (a new key, the same place in the order).
    fireEvent.click(screen.getByRole('link', { name: 'pricing' }));
    expect(where()[0]).toBe('REPLACE');
    expect(where()[2]).not.toBe(key);
    expect(window.history.state).toMatchObject({ idx: 1 });

    // A part of an address (the language parameter) keeps the path.
    fireEvent.click(screen.getByRole('button', { name: 'english' }));
    expect(where().slice(0, 2)).toEqual(['REPLACE', '/?lang=en']);

    const popped = popState();
    act(() => window.history.back());
    await act(() => popped);
    expect(where()).toEqual(['POP', '/', 'default']);
    expect(leave).not.toHaveBeenCalled();
  });

  it('leaves for another page by a link, or by Back, with the address already naming it', async () => {
    const { leave, where } = renderAt('/', ['/faq']);
    fireEvent.click(screen.getByText('login'));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/login');
    expect(window.history.state).toMatchObject({ usr: null, idx: 1 });
    // What happens on screen from here is the routed app's: this page does not follow the address.
    expect(where()[1]).toBe('/');

    const popped = popState();
    act(() => window.history.go(-2));
    await act(() => popped);
    expect(window.location.pathname).toBe('/faq');
    expect(leave).toHaveBeenCalledTimes(2);
  });

  it('asks for the app once, when the visitor points at a link to another page', () => {
    const { prepare } = renderAt('/');
    fireEvent.pointerOver(screen.getByRole('link', { name: 'pricing' }));
    fireEvent.focusIn(screen.getByRole('button', { name: 'english' }));
    expect(prepare).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByText('login'));
    fireEvent.touchStart(screen.getByText('login'));
    expect(prepare).toHaveBeenCalledTimes(1);
  });
});
