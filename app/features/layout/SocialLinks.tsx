import facebook from 'bootstrap-icons/icons/facebook.svg?raw';
import github from 'bootstrap-icons/icons/github.svg?raw';
import linkedin from 'bootstrap-icons/icons/linkedin.svg?raw';
import twitter from 'bootstrap-icons/icons/twitter-x.svg?raw';
import youtube from 'bootstrap-icons/icons/youtube.svg?raw';
import type { SiteContent } from '#shared/schemas/content.ts';

const NETWORKS = [
  { key: 'facebook_link', label: 'Facebook', icon: facebook },
  { key: 'twitter_link', label: 'Twitter', icon: twitter },
  { key: 'linkedin_link', label: 'LinkedIn', icon: linkedin },
  { key: 'youtube_link', label: 'YouTube', icon: youtube },
  { key: 'github_link', label: 'GitHub', icon: github },
] as const;

/** The header's social icons: only networks with a link are shown, each opening in a new tab. */
export function SocialLinks({ social }: { social: SiteContent['social'] }) {
  return (
    <ul className="social-links list-unstyled d-flex mb-0">
      {NETWORKS.filter((n) => social[n.key]?.trim()).map((n) => (
        <li key={n.key}>
          <a href={social[n.key]} target="_blank" rel="noopener noreferrer" aria-label={n.label} title={n.label}>
            <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: n.icon }} />
          </a>
        </li>
      ))}
    </ul>
  );
}
