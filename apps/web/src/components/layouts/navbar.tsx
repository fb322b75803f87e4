import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { homeLinks, paths } from '../../config/paths';
import { useHasStoredSession } from '../../lib/stored-value';
import { AppLink, AppNavLink } from '../ui/app-link';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import navbarStyles from './navbar.module.css';
import buttonStyles from '../ui/button.module.css';
import { cx } from '../../lib/cx';

const navLinkClass = ({ isActive }: { isActive: boolean }) => cx(navbarStyles.siteNavLink, isActive && navbarStyles.isActive);

interface NavbarProps {
  onLogout: () => void;
  isLoggingOut: boolean;
}

/** While a menu is open, a click outside `container` or Escape closes it. */
function useDismissMenus(isAnyMenuOpen: boolean, container: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!isAnyMenuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isAnyMenuOpen, container, close]);
}

/** The Industries dropdown: Electrical, and the trades still to come. */
function IndustriesMenu({ isOpen, onToggle, onNavigate }: { isOpen: boolean; onToggle: () => void; onNavigate: () => void }) {
  return (
    <li className={navbarStyles.siteNavDropdown}>
      <button
        type="button"
        className={cx(navbarStyles.siteNavLink, navbarStyles.siteNavDropdownToggle)}
        aria-expanded={isOpen}
        aria-controls="industries-menu"
        onClick={onToggle}
      >
        Industries <ChevronDownIcon />
      </button>
      <ul id="industries-menu" className={navbarStyles.siteNavSubmenu} hidden={!isOpen}>
        <li>
          <AppLink to={paths.electrical} className={navbarStyles.siteNavSublink} onClick={onNavigate}>
            Electrical
          </AppLink>
        </li>
        <li className={navbarStyles.siteNavSoon}>
          Plumbing <span className={buttonStyles.badge}>Coming soon</span>
        </li>
        <li className={navbarStyles.siteNavSoon}>
          Lumber <span className={buttonStyles.badge}>Coming soon</span>
        </li>
      </ul>
    </li>
  );
}

/** Logout for a signed-in visitor; Login and Sign up otherwise. */
function NavbarActions({ isSignedIn, isLoggingOut, onLogout, onNavigate }: NavbarProps & { isSignedIn: boolean; onNavigate: () => void }) {
  return (
    <div className={navbarStyles.siteNavActions}>
      {isSignedIn ? (
        <button
          type="button"
          className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
          onClick={() => {
            onNavigate();
            onLogout();
          }}
          disabled={isLoggingOut}
        >
          Logout
        </button>
      ) : (
        <>
          <AppLink to={paths.login} className={cx(buttonStyles.button, buttonStyles.buttonGhost)} onClick={onNavigate}>
            Login
          </AppLink>
          <AppLink
            to={paths.register}
            className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
            onClick={onNavigate}
          >
            Sign up
          </AppLink>
        </>
      )}
    </div>
  );
}

/** The shared navigation bar of product §2 (public pages). */
export function Navbar({ onLogout, isLoggingOut }: NavbarProps) {
  const isSignedIn = useHasStoredSession();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isIndustriesOpen, setIsIndustriesOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const closeMenus = useCallback(() => {
    setIsMenuOpen(false);
    setIsIndustriesOpen(false);
  }, []);
  useDismissMenus(isMenuOpen || isIndustriesOpen, navRef, closeMenus);

  return (
    <header className={navbarStyles.siteHeader}>
      <nav className={navbarStyles.siteNav} aria-label="Main" ref={navRef}>
        <AppLink to={paths.home} className={navbarStyles.siteNavBrand} aria-label="Tradelist home" onClick={closeMenus}>
          <Logo />
        </AppLink>

        <button
          type="button"
          className={navbarStyles.siteNavToggle}
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls="site-menu"
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>

        <div id="site-menu" className={cx(navbarStyles.siteNavMenu, isMenuOpen && navbarStyles.isOpen)}>
          <ul className={navbarStyles.siteNavLinks}>
            <li>
              <AppNavLink to={paths.home} end className={navLinkClass} onClick={closeMenus}>
                Home
              </AppNavLink>
            </li>
            <IndustriesMenu isOpen={isIndustriesOpen} onToggle={() => setIsIndustriesOpen((open) => !open)} onNavigate={closeMenus} />
            <li>
              <AppLink to={homeLinks.why} className={navbarStyles.siteNavLink} onClick={closeMenus}>
                Why Tradelist
              </AppLink>
            </li>
            <li>
              <AppLink to={homeLinks.pricing} className={navbarStyles.siteNavLink} onClick={closeMenus}>
                Pricing
              </AppLink>
            </li>
            <li>
              <AppNavLink to={paths.faq} className={navLinkClass} onClick={closeMenus}>
                FAQ
              </AppNavLink>
            </li>
            <li>
              <AppNavLink to={paths.dashboard} className={navLinkClass} onClick={closeMenus}>
                User Portal
              </AppNavLink>
            </li>
          </ul>
          <NavbarActions isSignedIn={isSignedIn} isLoggingOut={isLoggingOut} onLogout={onLogout} onNavigate={closeMenus} />
        </div>
      </nav>
    </header>
  );
}
