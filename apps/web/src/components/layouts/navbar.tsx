import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { homeLinks, paths } from '../../config/paths';
import { useStoredSession } from '../../lib/stored-session';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../ui/icons';
import { Logo } from '../ui/logo';

const navLinkClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`;

interface NavbarProps {
  onLogout: () => void;
  isLoggingOut: boolean;
}

/** The shared navigation bar of SPEC §2 (public pages). */
export function Navbar({ onLogout, isLoggingOut }: NavbarProps) {
  const { session } = useStoredSession();
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
    <header className="site-header">
      <nav className="site-nav" aria-label="Main" ref={navRef}>
        <Link to={paths.home} className="site-nav__brand" aria-label="Tradelist home" onClick={closeMenus}>
          <Logo />
        </Link>

        <button
          type="button"
          className="site-nav__toggle"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls="site-menu"
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>

        <div id="site-menu" className={`site-nav__menu${isMenuOpen ? ' is-open' : ''}`}>
          <ul className="site-nav__links">
            <li>
              <NavLink to={paths.home} end className={navLinkClass} onClick={closeMenus}>
                Home
              </NavLink>
            </li>
            <li className="site-nav__dropdown">
              <button
                type="button"
                className="site-nav__link site-nav__dropdown-toggle"
                aria-expanded={isIndustriesOpen}
                aria-controls="industries-menu"
                onClick={() => setIsIndustriesOpen((open) => !open)}
              >
                Industries <ChevronDownIcon />
              </button>
              <ul id="industries-menu" className="site-nav__submenu" hidden={!isIndustriesOpen}>
                <li>
                  <Link to={paths.electrical} className="site-nav__sublink" onClick={closeMenus}>
                    Electrical
                  </Link>
                </li>
                <li className="site-nav__soon">
                  Plumbing <span className="badge">Coming soon</span>
                </li>
                <li className="site-nav__soon">
                  Lumber <span className="badge">Coming soon</span>
                </li>
              </ul>
            </li>
            <li>
              <Link to={homeLinks.why} className="site-nav__link" onClick={closeMenus}>
                Why Tradelist
              </Link>
            </li>
            <li>
              <Link to={homeLinks.pricing} className="site-nav__link" onClick={closeMenus}>
                Pricing
              </Link>
            </li>
            <li>
              <NavLink to={paths.faq} className={navLinkClass} onClick={closeMenus}>
                FAQ
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.dashboard} className={navLinkClass} onClick={closeMenus}>
                User Portal
              </NavLink>
            </li>
          </ul>

          <div className="site-nav__actions">
            {session ? (
              <button
                type="button"
                className="button button--outline"
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
                <Link to={paths.login} className="button button--ghost" onClick={closeMenus}>
                  Login
                </Link>
                <Link to={paths.register} className="button button--primary" onClick={closeMenus}>
                  Sign up
                </Link>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
