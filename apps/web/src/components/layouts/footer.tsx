import { useState, type JSX, type ReactNode } from 'react';
import { paths, socialLinks, type SocialNetwork } from '../../config/paths';
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from '../ui/icons';
import { AppLink } from '../ui/app-link';
import { Logo } from '../ui/logo';
import { Modal } from '../ui/modal';
import footerStyles from './footer.module.css';
import buttonStyles from '../ui/button.module.css';

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
    <footer className={footerStyles.siteFooter}>
      <div className={footerStyles.siteFooterInner}>
        <div >
          <AppLink to={paths.home} aria-label="Tradelist" className={footerStyles.siteFooterLogo}>
            <Logo height={32} />
          </AppLink>
          <p className={footerStyles.siteFooterTagline}>Contractor price lists with your markups, updated monthly.</p>
        </div>

        <ul className={footerStyles.siteFooterSocial} aria-label="Social media">
          {socialLinks.map(({ name, href }) => {
            const SocialIcon = socialIcons[name];
            return (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={name}
                  className={footerStyles.socialLink}
                >
                  <SocialIcon />
                </a>
              </li>
            );
          })}
        </ul>

        <ul className={footerStyles.siteFooterPolicies}>
          {policies.map(({ label }) => (
            <li key={label}>
              <button type="button" className={buttonStyles.linkButton} onClick={() => setOpenPolicy(label)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <p className={footerStyles.siteFooterCopyright}>© 2024 Tradelist. All rights reserved.</p>

      {policies.map(({ label, content }) => (
        <Modal key={label} open={openPolicy === label} title={label} onClose={close}>
          {content}
        </Modal>
      ))}
    </footer>
  );
}
