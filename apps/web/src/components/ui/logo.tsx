import { assetPaths } from '../../config/paths';

interface LogoProps {
  /** 'dark' = white wordmark for navy backgrounds, 'light' = navy wordmark, 'mark' = the square only. */
  variant?: 'dark' | 'light' | 'mark';
  height?: number;
}

const sources = { dark: assetPaths.logo, light: assetPaths.logoOnLight, mark: assetPaths.logoMark } as const;

/** The Tradelist logo; decorative (alt=""), because the link around it carries the name. */
export function Logo({ variant = 'dark', height = 36 }: LogoProps) {
  const aspectRatio = variant === 'mark' ? 1 : 180 / 40;
  return (
    <img src={sources[variant]} alt="" height={height} width={Math.round(height * aspectRatio)} />
  );
}
