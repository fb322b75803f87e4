import { useEffect, useRef, useState } from 'react';
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

/** The shared navigation bar of product §2 (public pages). */
export function Navbar({ onLogout, isLoggingOut }: NavbarProps) {
  const isSignedIn = useHasStoredSession();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isIndustriesOpen, setIsIndustriesOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);

  const closeMenus = () => {
    setIsMenuOpen(false);
    setIsIndustriesOpen(false);
  };

  // While a menu is open, a click outside the bar or Escape closes it.
  const isAnyMenuOpen = isMenuOpen || isIndustriesOpen;
  useEffect(() => {
    if (!isAnyMenuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) {
        setIsMenuOpen(false);
        setIsIndustriesOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsMenuOpen(false);
        setIsIndustriesOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isAnyMenuOpen]);

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
            <li className={navbarStyles.siteNavDropdown}>
              <button
                type="button"
                className={cx(navbarStyles.siteNavLink, navbarStyles.siteNavDropdownToggle)}
                aria-expanded={isIndustriesOpen}
                aria-controls="industries-menu"
                onClick={() => setIsIndustriesOpen((open) => !open)}
              >
                Industries <ChevronDownIcon />
              </button>
              <ul id="industries-menu" className={navbarStyles.siteNavSubmenu} hidden={!isIndustriesOpen}>
                <li>
                  <AppLink to={paths.electrical} className={navbarStyles.siteNavSublink} onClick={closeMenus}>
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

          <div className={navbarStyles.siteNavActions}>
            {isSignedIn ? (
              <button
                type="button"
                className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
                onClick={() => {
                  closeMenus();
                  onLogout();
                }}
                disabled={isLoggingOut}
              >
                Logout
              </button>
            ) : (
              <>
                <AppLink to={paths.login} className={cx(buttonStyles.button, buttonStyles.buttonGhost)} onClick={closeMenus}>
                  Login
                </AppLink>
                <AppLink
                  to={paths.register}
                  className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
                  onClick={closeMenus}
                >
                  Sign up
                </AppLink>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
