export const stats = [
  { value: '12+', label: 'Years of experience' },
  { value: '100+', label: 'Certified experts' },
  { value: '300+', label: 'Projects delivered' },
  { value: '15+', label: 'Industries served' },
] as const;
