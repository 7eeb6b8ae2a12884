/** Inline SVG icons, drawn here so pages need no icon font or extra request. */
import type { ReactElement } from 'react';

const base = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: 'false' } as const;

export const icons: Record<string, () => ReactElement> = {
  chart: () => (
    <svg {...base}>
      <path d="M3 3v18h18" />
      <path d="M7 15l4-4 3 3 5-6" />
    </svg>
  ),
  mongodb: () => (
    <svg {...base}>
      <path d="M12 2c3 4 5 7 5 11a5 5 0 0 1-10 0c0-4 2-7 5-11z" />
      <path d="M12 22v-8" />
    </svg>
  ),
  influxdb: () => (
    <svg {...base}>
      <path d="M12 2l9 5v10l-9 5-9-5V7z" />
      <path d="M12 12l9-5M12 12v10M12 12L3 7" />
    </svg>
  ),
  timescale: () => (
    <svg {...base}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  ),
  search: () => (
    <svg {...base} width={16} height={16}>
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-4.3-4.3" />
    </svg>
  ),
  menu: () => (
    <svg {...base}>
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  ),
  chevron: () => (
    <svg {...base} width={14} height={14}>
      <path d="M6 9l6 6 6-6" />
    </svg>
  ),
  external: () => (
    <svg {...base} width={12} height={12}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  ),
  copy: () => (
    <svg {...base} width={16} height={16}>
      <path d="M9 9h10v11H9zM5 15V4h10" />
    </svg>
  ),
  edit: () => (
    <svg {...base} width={16} height={16}>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
    </svg>
  ),
};

/** The QuestDB wordmark used in the header. */
export function Logo(): ReactElement {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#d9688b" />
      <path d="M9 16a7 7 0 1 1 12.2 4.7L24 23.5l-2 2-2.9-2.9A7 7 0 0 1 9 16zm3.2 0a3.8 3.8 0 1 0 7.6 0 3.8 3.8 0 0 0-7.6 0z" fill="#21222c" />
    </svg>
  );
}
