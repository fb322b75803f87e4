import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import { paths, socialLinks, type SocialNetwork } from '../../config/paths';
import { usePublicConfig } from '../../features/config/api/get-public-config';
import { CookiesSettings } from '../../features/policies/components/cookies-settings';
import { PrivacyPolicy } from '../../features/policies/components/privacy-policy';
import { TermsOfService } from '../../features/policies/components/terms-of-service';
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import { Modal } from '../ui/modal';

type Policy = 'privacy' | 'terms' | 'cookies';

const socialIcons: Record<SocialNetwork, () => JSX.Element> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  LinkedIn: LinkedInIcon,
  YouTube: YouTubeIcon,
};

/** The site footer (public and dashboard pages): logo, social links and the three policy modals. */
export function Footer() {
  const supportEmail = usePublicConfig()?.support_email;
  const [openPolicy, setOpenPolicy] = useState<Policy | null>(null);
  const close = () => setOpenPolicy(null);

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to={paths.home} aria-label="Tradelist" className="site-footer__logo">
            <Logo height={32} />
          </Link>
          <p className="site-footer__tagline">Contractor price lists with your markups, updated monthly.</p>
        </div>

        <ul className="site-footer__social" aria-label="Social media">
          {socialLinks.map(({ name, href }) => {
            const SocialIcon = socialIcons[name];
            return (
              <li key={name}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={name} className="social-link">
                  <SocialIcon />
                </a>
              </li>
            );
          })}
        </ul>

        <ul className="site-footer__policies">
          <li>
            <button type="button" className="link-button" onClick={() => setOpenPolicy('privacy')}>
              Privacy Policy
            </button>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => setOpenPolicy('terms')}>
              Terms of Service
            </button>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => setOpenPolicy('cookies')}>
              Cookies Settings
            </button>
          </li>
        </ul>
      </div>
      <p className="site-footer__copyright">© 2024 Tradelist. All rights reserved.</p>

      <Modal open={openPolicy === 'privacy'} title="Privacy Policy" onClose={close}>
        <PrivacyPolicy supportEmail={supportEmail} />
      </Modal>
      <Modal open={openPolicy === 'terms'} title="Terms of Service" onClose={close}>
        <TermsOfService supportEmail={supportEmail} />
      </Modal>
      <Modal open={openPolicy === 'cookies'} title="Cookies Settings" onClose={close}>
        <CookiesSettings />
      </Modal>
    </footer>
  );
}
