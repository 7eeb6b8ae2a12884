/** Site-wide settings shared by the build and the browser code (no node or DOM imports). */
import type { SearchSettings } from './search/config.ts';

export interface NavLink {
  name: string;
  href: string;
}

export interface MenuCard {
  name: string;
  description: string;
  href: string;
  /** Name of an icon in src/components/icons.tsx. */
  icon: 'chart' | 'mongodb' | 'influxdb' | 'timescale';
}

export interface SiteConfig {
  title: string;
  tagline: string;
  /** Origin of the public site, no trailing slash. */
  url: string;
  /** Where the docs are served; always with both slashes. */
  basePath: string;
  themeColor: string;
  /** Prefix of the "Edit this page" link; the repo-relative content path is appended. */
  editUrl: string;
  defaultImage: string;
  nav: NavLink[];
  contact: NavLink;
  productMenu: { cards: MenuCard[]; quickLinks: NavLink[] };
  roadmapUrl: string;
  releasesUrl: string;
  footer: { privacy: NavLink; terms: NavLink; slack: NavLink; forum: NavLink; github: NavLink };
  /** `link.text`, where it occurs in `content`, becomes a link to `link.href`. */
  announcement?: { id: string; content: string; link?: { text: string; href: string }; closeable: boolean };
  /** The documentation's own repository (owner/name): edit links and 'Let us know.' issues. */
  docsRepository: string;
  /** Search engine settings; set by the build (local index or Algolia, from the environment). */
  search?: SearchSettings;
  /** Installable web app: when the service worker precaches the whole site (offline mode). */
  pwa: { offlineModeActivationStrategies: ('appInstalled' | 'standalone' | 'queryString' | 'saveData' | 'mobile')[] };
  /** Colour mode (spec §4): dark by default with the switch disabled; enabling it is a config change (plus light CSS). */
  colorMode: { defaultMode: 'dark' | 'light'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
}

/** localStorage key holding the id of the dismissed announcement (head script and announcement island). */
export const ANNOUNCEMENT_DISMISSED_KEY = 'announcement-dismissed';

export const siteConfig: SiteConfig = {
  title: 'QuestDB',
  tagline: 'QuestDB is the open-source time-series database for fast ingest and SQL queries.',
  url: 'https://questdb.com',
  basePath: '/docs/',
  themeColor: '#21222c',
  editUrl: 'https://github.com/questdb/documentation/edit/main/',
  docsRepository: 'questdb/documentation',
  defaultImage: '/docs/images/og-default.png',
  nav: [
    { name: 'Home', href: '/' },
    { name: 'Enterprise', href: '/enterprise/' },
    { name: 'Customers', href: '/customers/' },
    { name: 'Docs', href: '/docs/' },
    { name: 'Blog', href: '/blog/' },
  ],
  contact: { name: 'CONTACT', href: '/enterprise/contact/' },
  productMenu: {
    cards: [
      {
        name: 'Capital markets',
        description: 'Tick data, order books and analytics for trading desks.',
        href: '/market-data/',
        icon: 'chart',
      },
      {
        name: 'QuestDB vs MongoDB',
        description: 'A time-series benchmark review of MongoDB and QuestDB.',
        href: '/blog/mongodb-time-series-benchmark-review/',
        icon: 'mongodb',
      },
      {
        name: 'QuestDB vs InfluxDB',
        description: 'Ingestion and query speed compared with InfluxDB.',
        href: '/blog/2024/02/26/questdb-versus-influxdb/',
        icon: 'influxdb',
      },
      {
        name: 'QuestDB vs TimescaleDB',
        description: 'How QuestDB and TimescaleDB differ on time-series workloads.',
        href: '/blog/timescaledb-vs-questdb-comparison/',
        icon: 'timescale',
      },
    ],
    quickLinks: [
      { name: 'Live demo', href: 'https://demo.questdb.io/' },
      { name: 'Download', href: '/download/' },
      { name: 'Crypto dashboard', href: '/dashboards/crypto/' },
    ],
  },
  roadmapUrl: 'https://github.com/orgs/questdb/projects/1/views/5',
  releasesUrl: 'https://github.com/questdb/questdb/releases/tag/',
  footer: {
    privacy: { name: 'Privacy', href: '/privacy-notice/' },
    terms: { name: 'Terms', href: '/terms/' },
    slack: { name: 'Join our Slack', href: 'https://slack.questdb.com/' },
    forum: { name: 'Community forum', href: 'https://community.questdb.com/' },
    github: { name: 'GitHub', href: 'https://github.com/questdb/questdb' },
  },
  // Add 'mobile' to precache the whole site on phones too (about 19 MB on the real site).
  pwa: { offlineModeActivationStrategies: ['appInstalled', 'standalone', 'queryString', 'saveData'] },
  colorMode: { defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: true },
  announcement: {
    id: 'release-8-3-3',
    content: 'QuestDB 8.3.3 is out: see what is new in the release notes.',
    link: { text: 'release notes', href: 'https://github.com/questdb/questdb/releases/tag/8.3.3' },
    closeable: false,
  },
};
