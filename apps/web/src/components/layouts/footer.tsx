import { useState, type JSX, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, socialLinks, type SocialNetwork } from '../../config/paths';
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import { Modal } from '../ui/modal';

/** A policy the footer links to: its link text (also the modal's title) and its text. */
export interface FooterPolicy {
  label: string;
  content: ReactNode;
}

const socialIcons: Record<SocialNetwork, () => JSX.Element> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  LinkedIn: LinkedInIcon,
  YouTube: YouTubeIcon,
};

/** The site footer (public and dashboard pages): logo, social links and a modal per policy. */
export function Footer({ policies }: { policies: FooterPolicy[] }) {
  const [openPolicy, setOpenPolicy] = useState<string | null>(null);
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
          {policies.map(({ label }) => (
            <li key={label}>
              <button type="button" className="link-button" onClick={() => setOpenPolicy(label)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <p className="site-footer__copyright">© 2024 Tradelist. All rights reserved.</p>

      {policies.map(({ label, content }) => (
        <Modal key={label} open={openPolicy === label} title={label} onClose={close}>
          {content}
        </Modal>
      ))}
    </footer>
  );
}
