// Our own line icons for the services (24 px grid, drawn with the current text colour).
import type { ServiceIcon as IconName } from './catalog';

const shapes: Record<IconName, string[]> = {
  // A rising chart line with its axis.
  sales: ['M3 3v18h18', 'M7 15l4-4 3 3 6-7', 'M16 7h4v4'],
  // A headset.
  service: [
    'M4 14v-2a8 8 0 0 1 16 0v2',
    'M4 14h3v5H5a1 1 0 0 1-1-1z',
    'M20 14h-3v5h2a1 1 0 0 0 1-1z',
    'M17 19c0 1.5-2 2-5 2',
  ],
  // A megaphone.
  marketing: ['M3 10v4h3l7 4V6L6 10z', 'M16 9a4 4 0 0 1 0 6', 'M6 14l1.5 5h2.5l-1.2-4.3'],
  // A browser window with a person.
  experience: [
    'M3 5h18v14H3z',
    'M3 9h18',
    'M12 12.5a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6',
    'M8.5 19a3.5 3.5 0 0 1 7 0',
  ],
  // A funnel.
  automation: ['M3 4h18l-7 8v6l-4 2v-8z'],
  // A spark of four points.
  ai: [
    'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z',
    'M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  ],
  // A rocket.
  implementation: [
    'M12 15l-3-3c1.5-4.5 4.5-8 10-9-1 5.5-4.5 8.5-9 10z',
    'M9 12H5l2-4h4',
    'M12 15v4l4-2v-4',
    'M6 18c-1 0-2 1-2 2 1 0 2-1 2-2',
  ],
  // Angle brackets.
  code: ['M8 7l-5 5 5 5', 'M16 7l5 5-5 5', 'M14 4l-4 16'],
  // A compass.
  strategy: ['M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18', 'M15.5 8.5l-2 5-5 2 2-5z'],
  // A target.
  digital: [
    'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18',
    'M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10',
    'M12 11a1 1 0 1 1 0 2 1 1 0 0 1 0-2',
  ],
  // A pen nib over a ruler line.
  design: ['M12 3l6 7-6 11-6-11z', 'M12 10v4', 'M9 10h6'],
  // A phone.
  mobile: ['M7 2h10v20H7z', 'M11 18h2'],
  // A graduation cap.
  training: ['M2 9l10-5 10 5-10 5z', 'M6 11v5c3 2.5 9 2.5 12 0v-5', 'M22 9v6'],
  // A life ring.
  support: [
    'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18',
    'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8',
    'M5.6 5.6l3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6',
  ],
  // A heart with a pulse line.
  health: ['M12 20s-8-4.8-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6.2-8 11-8 11z', 'M4.5 12H9l1.5-3 2 5 1.5-2h5'],
  // Two hands meeting: a handshake outline simplified to linked rings.
  success: ['M9 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10', 'M15 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10', 'M10.5 12.5l1.5 1.5 3-3.5'],
};

export function ServiceIcon({ name, size = 28 }: { name: IconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {shapes[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
